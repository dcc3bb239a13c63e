import type { FastifyInstance } from 'fastify';
import { profileRoutes } from './profile.routes.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService, type UsersServiceDeps } from './users.service.ts';

/** What the users domain uses: exactly what its service is built from. */
export type UsersDeps = UsersServiceDeps;

/** Staff accounts, managed by admins; each user's own address on their profile. */
export async function registerUsers(app: FastifyInstance, deps: UsersDeps): Promise<void> {
  const usersService = createUsersService(deps);
  await app.register(usersRoutes, { usersService });
  await app.register(profileRoutes, { usersService });
}
