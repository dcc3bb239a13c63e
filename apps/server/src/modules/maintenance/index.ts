/**
 * Maintenance: the database's sizes and its optimize (indexes rebuilt, statistics refreshed), for admins.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export { type MaintenanceDeps, registerMaintenance } from './maintenance.plugin.ts';
