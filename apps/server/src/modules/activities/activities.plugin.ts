import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.ts';
import { activitiesRoutes } from './activities.routes.ts';
import type { ActivityService } from './activities.service.ts';

export interface ActivitiesDeps {
  config: Pick<Config, 'rateLimits'>;
  activities: ActivityService;
}

/** The activity feed and notifications: listed, posted by clients, marked read. */
export async function registerActivities(app: FastifyInstance, { config, activities }: ActivitiesDeps): Promise<void> {
  await app.register(activitiesRoutes, { activities, postsPerMinute: config.rateLimits.activities });
}
