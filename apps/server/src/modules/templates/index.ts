/**
 * Message templates: managed, synced with Meta and sent.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */

export { createTemplateResender } from './retry-template.ts';
export { assertSendable } from './send-template.ts';
export { registerTemplates, type TemplatesDeps } from './templates.plugin.ts';
export type { TemplatesService } from './templates.service.ts';
export { createTemplatesService } from './templates.service.ts';
