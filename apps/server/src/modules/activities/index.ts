/**
 * Activities: the log of who did what, recorded in the transaction of each change and pushed live.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export { activitiesRoutes } from './activities.routes.ts';
export type { ActivityService, RecordActivity } from './activities.service.ts';
export { createActivityService, recordActivityFromCommand } from './activities.service.ts';
