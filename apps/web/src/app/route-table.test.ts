import { describe, expect, it } from 'vitest';
import { appRoutes, homeFor, menuFor, routeForPath } from './route-table';

const labels = (role: 'admin' | 'agent') => menuFor(role).flatMap((g) => g.routes.map((r) => r.menu?.label));

describe('route table', () => {
  it('shows agents only the items that are not admin-only', () => {
    expect(labels('agent')).toEqual(['Chat']);
    expect(menuFor('agent').map((g) => g.group)).toEqual(['Communication']);
  });

  it('shows admins every group in the spec order', () => {
    expect(menuFor('admin').map((g) => g.group)).toEqual(['Dashboard', 'Communication', 'Reports', 'Management']);
    expect(labels('admin')).toEqual(['Overview', 'Chat', 'Activities', 'Users', 'Settings']);
  });

  it('guards the admin routes of spec 6 by role', () => {
    const guarded = appRoutes.filter((r) => r.requiredRole === 'admin').map((r) => r.path);
    expect(guarded).toEqual(['/activities', '/admin/users', '/settings']);
    expect(routeForPath('/admin/dashboard/overview')?.requiredRole).toBeUndefined();
  });

  it('sends admins to the overview and everyone else to /chat', () => {
    expect(homeFor('admin')).toBe('/admin/dashboard/overview');
    expect(homeFor('agent')).toBe('/chat');
    expect(homeFor(undefined)).toBe('/chat');
  });
});
