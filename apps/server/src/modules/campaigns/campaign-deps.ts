import type { User } from '@wac/contract/auth';
import type { AppContext } from '../../app-context.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { ActivityService } from '../activities/activities.service.ts';
import type { LicenseService } from '../license/license.service.ts';
import type { TemplatesService } from '../templates/templates.service.ts';

/** What campaigns' use cases work with. */
export interface CampaignDeps {
  db: Db;
  activities: ActivityService;
  /** Feature `campaigns`, the campaigns quota on create, the messages quota before start and per send batch. */
  license: LicenseService;
  templates: TemplatesService;
  /** Where an uploaded contacts file waits while it is read (DATA_DIR/uploads). */
  uploads: MediaStorage;
}

export function createCampaignDeps(ctx: AppContext): CampaignDeps {
  return { db: ctx.database.db, activities: ctx.activities, license: ctx.license, templates: ctx.templates, uploads: ctx.media.uploads };
}

/** An admin's change to a campaign, recorded in the transaction that makes it. */
export function recordCampaignActivity(deps: CampaignDeps, tx: Tx, actor: User, type: string, name: string, details?: string) {
  return deps.activities.record({ type, sourceType: 'user', userId: actor.id, data: { username: actor.username, name, details } }, tx);
}
