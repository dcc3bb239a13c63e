import type { Template } from '@wac/contract/templates';
import type { TemplateSearchResult } from './search-templates';

/**
 * A search page after a live change to one template: replaced in place, or dropped once deleted.
 * Returns the page untouched when the template is not on it.
 */
export function withTemplateChange(page: TemplateSearchResult, template: Template): TemplateSearchResult {
  const at = page.templates.findIndex((t) => t.id === template.id);
  if (at === -1) return page;
  if (template.status === 'DELETED') {
    return { ...page, templates: page.templates.filter((t) => t.id !== template.id), total: Math.max(0, page.total - 1) };
  }
  const templates = [...page.templates];
  templates[at] = template;
  return { ...page, templates };
}
