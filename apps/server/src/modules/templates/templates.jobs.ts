import { noPayload, type ScheduledJobKind } from '../../jobs/job-runner.ts';
import type { TemplatesService } from './templates.service.ts';

/** The periodic sync, for changes a webhook did not bring (missed deliveries, templates made in Meta's tools). */
export function templateSyncJob(templates: TemplatesService, everyMs: number): ScheduledJobKind {
  return {
    name: 'templates.sync',
    title: 'Sync templates with Meta',
    payload: noPayload,
    everyMs,
    handler: async () => {
      await templates.sync();
    },
  };
}
