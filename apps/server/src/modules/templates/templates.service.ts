import { isDeepStrictEqual } from 'node:util';
import type { User } from '@wac/contract/auth';
import { issueText, parameterFormatOf, validateTemplate } from '@wac/contract/template-rules';
import {
  editableTemplateStatuses,
  type SendComponent,
  type Template,
  type TemplateDraft,
  type TemplateSearchQuery,
  type TemplateStatus,
  type UpdateTemplateBody,
} from '@wac/contract/templates';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import { bindDeps } from '../../lib/bind-deps.ts';
import { afterCommit, inTransaction } from '../../realtime/after-commit.ts';
import { graphComponents, sendTemplate, templateMessageContent, uploadsOf } from './send-template.ts';
import { atMeta, type TemplateDeps } from './template-deps.ts';
import { syncTemplates } from './template-sync.ts';
import { saveHeaderFile, uploadHeaderSample } from './template-uploads.ts';
import { templateCategoryOf, templateStatusEmit, templateStatusOf, toTemplate } from './template-view.ts';
import {
  byId,
  deleteTemplates,
  insertTemplate,
  lockTemplate,
  searchTemplates,
  type TemplateRow,
  templateById,
  templateByNameAndLanguage,
  updateTemplate,
} from './templates.repository.ts';

/** Meta's rules, before anything is stored or submitted: a 400 naming the first broken one, all of them in details. */
function assertValid(draft: TemplateDraft): void {
  const issues = validateTemplate(draft);
  const [first] = issues;
  if (first) throw badRequest(issueText(first), issues);
}

const fixedFields = ['name', 'language', 'category'] as const;

/** Templates (spec 7 "Templates"): admins create, edit and delete; Meta reviews; everyone reads and sends; the sync with Meta. */
export function createTemplatesService(deps: TemplateDeps) {
  const { db } = deps;
  const activity = (actor: User, type: string, row: TemplateRow) => ({
    type,
    sourceType: 'user' as const,
    userId: actor.id,
    data: { username: actor.username, name: row.name, status: row.status, details: row.language },
  });

  const bound = bindDeps(deps);

  return {
    send: bound(sendTemplate),
    sync: bound(syncTemplates),
    saveHeaderFile: bound(saveHeaderFile),
    uploadHeaderSample: bound(uploadHeaderSample),
    messageContent: templateMessageContent,

    /** Parameters as Meta takes them: our uploads become Meta media ids (a campaign resolves them once per batch). */
    async graphComponents(components: SendComponent[]): Promise<unknown[]> {
      return graphComponents(deps, components, await uploadsOf(deps, components));
    },

    async get(id: number): Promise<Template> {
      const found = await templateById(db, id);
      if (!found) throw notFound('Template not found');
      return toTemplate(found.template, found.creatorName);
    },

    /** By name and language, as messages name their template; null when there is none. */
    async find(name: string, language: string): Promise<Template | null> {
      const row = await templateByNameAndLanguage(db, name, language);
      return row ? toTemplate(row, null) : null;
    },

    async search(query: TemplateSearchQuery) {
      const { rows, total } = await searchTemplates(db, query);
      return { templates: rows.map((r) => toTemplate(r.template, r.creatorName)), total, limit: query.limit, offset: query.offset };
    },

    /** Submits to Meta inside the transaction that stores it: Meta's refusal leaves nothing behind. */
    async create(actor: User, draft: TemplateDraft): Promise<Template> {
      assertValid(draft);
      const { name, language, category, components } = draft;
      const parameterFormat = parameterFormatOf(components);
      return inTransaction(db, async (tx) => {
        const inserted = await insertTemplate(tx, {
          name,
          language,
          category,
          status: 'PENDING',
          parameterFormat,
          components,
          createdBy: actor.id,
        });
        if (!inserted) throw conflict(`A template named ${name} already exists in ${language}`);
        const answer = await atMeta('create the template', () =>
          deps.client.createTemplate({ name, language, category, parameter_format: parameterFormat, components }),
        );
        const metaCategory = templateCategoryOf(answer.category ?? category);
        const row = await updateTemplate(tx, inserted.id, {
          metaId: answer.id,
          status: templateStatusOf(answer.status),
          category: metaCategory,
          previousCategory: metaCategory === category ? null : category,
        });
        await deps.activities.record(activity(actor, 'template_created', row), tx);
        const template = toTemplate(row, actor.username);
        afterCommit(tx, () => deps.realtime.toEveryoneAll([templateStatusEmit(template, null)]));
        return template;
      });
    },

    /**
     * New components for a submitted template, reviewed again by Meta. Meta allows it for APPROVED,
     * REJECTED and PAUSED templates; name, language and category never change.
     */
    async update(actor: User, id: number, body: UpdateTemplateBody): Promise<Template> {
      return inTransaction(db, async (tx) => {
        const current = await lockTemplate(tx, byId(id));
        if (!current) throw notFound('Template not found');
        for (const field of fixedFields) {
          if (body[field] !== undefined && body[field] !== current[field]) {
            throw badRequest(`${field}: the ${field} of a submitted template cannot be changed; create a new template instead`, [
              { field, message: 'cannot be changed once submitted' },
            ]);
          }
        }
        // The template saved back as it was read: nothing to send to Meta, nothing to review again.
        if (isDeepStrictEqual(current.components, body.components)) {
          return toTemplate(current, (await templateById(tx, id))?.creatorName ?? null);
        }
        const status = templateStatusOf(current.status);
        if (!editableTemplateStatuses.includes(status)) {
          throw badRequest(`A ${status} template cannot be edited: Meta allows edits of ${editableTemplateStatuses.join(', ')} templates`);
        }
        const draft = { name: current.name, language: current.language, category: templateCategoryOf(current.category) };
        assertValid({ ...draft, components: body.components });
        if (!current.metaId) throw conflict('This template has not been submitted to Meta yet');
        const metaId = current.metaId;
        await atMeta('update the template', () => deps.client.updateTemplate(metaId, { components: body.components }));
        const row = await updateTemplate(tx, id, {
          components: body.components,
          parameterFormat: parameterFormatOf(body.components),
          status: 'PENDING',
          rejectedReason: null,
          statusUpdatedAt: new Date(),
        });
        await deps.activities.record(activity(actor, 'template_updated', row), tx);
        const found = await templateById(tx, row.id);
        const template = toTemplate(row, found?.creatorName ?? null);
        afterCommit(tx, () => deps.realtime.toEveryoneAll([templateStatusEmit(template, status)]));
        return template;
      });
    },

    /** Deleted at Meta (this language only, by name and id) and here, in one transaction. */
    async remove(actor: User, id: number): Promise<void> {
      await inTransaction(db, async (tx) => {
        const found = await templateById(tx, id);
        const current = found && (await lockTemplate(tx, byId(id)));
        if (!found || !current) throw notFound('Template not found');
        if (current.metaId) {
          const metaId = current.metaId;
          await atMeta('delete the template', () => deps.client.deleteTemplate(current.name, metaId));
        }
        await deleteTemplates(tx, [id]);
        await deps.activities.record(activity(actor, 'template_deleted', current), tx);
        const template = toTemplate(current, found.creatorName);
        afterCommit(tx, () =>
          deps.realtime.toEveryoneAll([templateStatusEmit(template, templateStatusOf(current.status), 'DELETED' satisfies TemplateStatus)]),
        );
      });
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
