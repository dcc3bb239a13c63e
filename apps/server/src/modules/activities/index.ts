/**
 * Activities: the log of who did what, recorded in the transaction of each change and pushed live.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */

export { type ActivitiesDeps, registerActivities } from './activities.plugin.ts';
export type { ActivityService, ActivityServiceDeps, RecordActivity } from './activities.service.ts';
export { createActivityService, recordActivityFromCommand } from './activities.service.ts';
