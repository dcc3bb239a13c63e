import {
  type Template,
  type TemplateCategory,
  type TemplateComponent,
  type TemplateStatus,
  templateCategories,
  templateComponentSchema,
  templateEventNames,
  templateStatuses,
} from '@wac/contract/templates';
import type { RealtimeEmit } from '../../realtime/realtime.ts';
import type { TemplateRow } from './templates.repository.ts';

const isOneOf = <T extends string>(list: readonly T[], value: string | null | undefined): value is T =>
  value !== null && value !== undefined && (list as readonly string[]).includes(value);

/** Meta's status as we keep it; a status Meta adds later counts as still under review until we model it. */
export const templateStatusOf = (status: string | null | undefined): TemplateStatus =>
  isOneOf(templateStatuses, status) ? status : 'PENDING';

/** Meta's category; legacy categories of old templates read as UTILITY. */
export const templateCategoryOf = (category: string | null | undefined): TemplateCategory =>
  isOneOf(templateCategories, category) ? category : 'UTILITY';

/**
 * The stored components this console understands; the rest (Meta features it does not model, such
 * as Flow buttons) are left out and the template marked unsupported.
 */
export function componentsOf(raw: unknown): { components: TemplateComponent[]; supported: boolean } {
  const list = Array.isArray(raw) ? raw : [];
  const components = list.flatMap((c) => {
    const parsed = templateComponentSchema.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
  return { components, supported: components.length === list.length };
}

export function toTemplate(row: TemplateRow, creatorName: string | null): Template {
  const { components, supported } = componentsOf(row.components);
  const status = templateStatusOf(row.status);
  return {
    id: row.id,
    metaId: row.metaId,
    name: row.name,
    language: row.language,
    category: templateCategoryOf(row.category),
    status,
    parameterFormat: row.parameterFormat,
    components,
    rejectedReason: row.rejectedReason,
    previousCategory: isOneOf(templateCategories, row.previousCategory) ? row.previousCategory : null,
    comingCategory:
      isOneOf(templateCategories, row.comingCategory) && row.comingCategoryAt
        ? { category: row.comingCategory, at: row.comingCategoryAt.toISOString() }
        : null,
    usable: status === 'APPROVED' && supported,
    supported,
    createdBy: row.createdBy !== null && creatorName !== null ? { id: row.createdBy, username: creatorName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    statusUpdatedAt: row.statusUpdatedAt.toISOString(),
  };
}

/** The live event of a template whose status (or category) changed, created with previousStatus null. */
export function templateStatusEmit(template: Template, previousStatus: TemplateStatus | null, status = template.status): RealtimeEmit {
  return {
    event: templateEventNames.statusUpdate,
    payload: {
      templateId: template.id,
      name: template.name,
      language: template.language,
      status,
      previousStatus,
      category: template.category,
      reason: template.rejectedReason,
      template: { ...template, status, usable: template.usable && status === 'APPROVED' },
      timestamp: new Date().toISOString(),
    },
  };
}
