import type { TemplateStatus } from '@wac/contract/templates';
import type { Tx } from '../../db/database.ts';
import { afterCommit, inTransaction } from '../../realtime/after-commit.ts';
import type { RealtimeEmit } from '../../realtime/realtime.ts';
import type { GraphTemplate } from '../../whatsapp/cloud-api-client.ts';
import { atMeta, type TemplateDeps } from './template-deps.ts';
import { templateCategoryOf, templateStatusEmit, templateStatusOf, toTemplate } from './template-view.ts';
import {
  deleteTemplates,
  insertTemplate,
  lockTemplatesForSync,
  type NewTemplateRow,
  type TemplateRow,
  updateTemplate,
} from './templates.repository.ts';

export interface SyncResult {
  created: number;
  updated: number;
  removed: number;
  unchanged: number;
}

/** The same JSON whatever the key order, so a template Meta lists unchanged is not rewritten. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What our row should say for Meta's template; Meta's list carries no pause reason, so a known one is kept. */
function fieldsFromMeta(remote: GraphTemplate, local: TemplateRow | undefined): Omit<NewTemplateRow, 'createdBy'> {
  const status = templateStatusOf(remote.status);
  const metaReason = remote.rejected_reason && remote.rejected_reason !== 'NONE' ? remote.rejected_reason : null;
  const category = templateCategoryOf(remote.category);
  return {
    metaId: remote.id,
    name: remote.name,
    language: remote.language,
    category,
    status,
    parameterFormat: remote.parameter_format === 'NAMED' ? 'NAMED' : 'POSITIONAL',
    components: remote.components ?? [],
    rejectedReason: status === 'APPROVED' ? null : (metaReason ?? (local?.status === status ? local.rejectedReason : null)),
    previousCategory: local && local.category !== category ? local.category : (local?.previousCategory ?? null),
  };
}

const differs = (local: TemplateRow, next: Omit<NewTemplateRow, 'createdBy'>) =>
  (Object.keys(next) as (keyof typeof next)[]).some((key) =>
    key === 'components' ? canonical(local.components) !== canonical(next.components) : (local[key] ?? null) !== (next[key] ?? null),
  );

async function reconcile(tx: Tx, remote: GraphTemplate[], emits: RealtimeEmit[]): Promise<SyncResult> {
  const local = await lockTemplatesForSync(tx);
  const keyOf = (name: string, language: string) => `${name}\u0000${language}`;
  const byMetaId = new Map(local.flatMap((r) => (r.metaId ? [[r.metaId, r] as const] : [])));
  const byKey = new Map(local.map((r) => [keyOf(r.name, r.language), r]));
  const seen = new Set<number>();
  const result: SyncResult = { created: 0, updated: 0, removed: 0, unchanged: 0 };

  for (const template of remote) {
    const existing = byMetaId.get(template.id) ?? byKey.get(keyOf(template.name, template.language));
    const next = fieldsFromMeta(template, existing);
    if (!existing) {
      const row = await insertTemplate(tx, { ...next, statusUpdatedAt: new Date() });
      if (row) emits.push(templateStatusEmit(toTemplate(row, null), null));
      result.created += 1;
      continue;
    }
    seen.add(existing.id);
    if (!differs(existing, next)) {
      result.unchanged += 1;
      continue;
    }
    const statusChanged = existing.status !== next.status;
    const row = await updateTemplate(tx, existing.id, { ...next, ...(statusChanged ? { statusUpdatedAt: new Date() } : {}) });
    if (statusChanged || existing.category !== next.category) {
      emits.push(templateStatusEmit(toTemplate(row, null), templateStatusOf(existing.status)));
    }
    result.updated += 1;
  }

  // Deleted at Meta (in its own tools, or by another install on the same account).
  const gone = local.filter((r) => r.metaId !== null && !seen.has(r.id));
  await deleteTemplates(
    tx,
    gone.map((r) => r.id),
  );
  for (const row of gone)
    emits.push(templateStatusEmit(toTemplate(row, null), templateStatusOf(row.status), 'DELETED' satisfies TemplateStatus));
  result.removed = gone.length;
  return result;
}

/** "Sync now": Meta's list is the truth: missing templates are added, changed ones updated, deleted ones removed. */
export async function syncTemplates(deps: TemplateDeps): Promise<SyncResult> {
  const remote = await atMeta('list the templates', () => deps.client.listAllTemplates());
  return inTransaction(deps.db, async (tx) => {
    const emits: RealtimeEmit[] = [];
    const result = await reconcile(tx, remote, emits);
    afterCommit(tx, () => deps.realtime.toEveryoneAll(emits));
    return result;
  });
}
