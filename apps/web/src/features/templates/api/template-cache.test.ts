import type { Template } from '@wac/contract/templates';
import { describe, expect, it } from 'vitest';
import type { TemplateSearchResult } from './search-templates';
import { withTemplateChange } from './template-cache';

const template = (id: number, patch: Partial<Template> = {}): Template => ({
  id,
  metaId: `m${id}`,
  name: `t${id}`,
  language: 'en_US',
  category: 'UTILITY',
  status: 'PENDING',
  parameterFormat: 'POSITIONAL',
  components: [{ type: 'BODY', text: 'Hello' }],
  rejectedReason: null,
  previousCategory: null,
  comingCategory: null,
  usable: false,
  supported: true,
  createdBy: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  statusUpdatedAt: '2026-11-23T10:00:00.000Z',
  ...patch,
});

const page = (): TemplateSearchResult => ({ templates: [template(1), template(2)], total: 7, limit: 2, offset: 0 });

describe('withTemplateChange', () => {
  it('replaces the template in place when Meta approves it', () => {
    const approved = template(2, { status: 'APPROVED', usable: true });
    const next = withTemplateChange(page(), approved);
    expect(next.templates.map((t) => t.status)).toEqual(['PENDING', 'APPROVED']);
    expect(next.total).toBe(7);
  });

  it('drops a deleted template and leaves pages without the template as they were', () => {
    const next = withTemplateChange(page(), template(1, { status: 'DELETED' }));
    expect(next.templates.map((t) => t.id)).toEqual([2]);
    expect(next.total).toBe(6);
    const untouched = page();
    expect(withTemplateChange(untouched, template(9, { status: 'APPROVED' }))).toBe(untouched);
  });
});
