import { describe, expect, it } from 'vitest';
import { appRoutes, homeFor, menuFor, routeForPath } from './route-table';

const labels = (role: 'admin' | 'agent', sandbox = false) => menuFor(role, sandbox).flatMap((g) => g.routes.map((r) => r.menu?.label));

describe('route table', () => {
  it('shows agents only the items that are not admin-only', () => {
    expect(labels('agent')).toEqual(['Chat', 'Media', 'Conversations']);
    expect(menuFor('agent').map((g) => g.group)).toEqual(['Communication', 'Reports']);
  });

  it('shows admins every group in the spec order', () => {
    expect(menuFor('admin').map((g) => g.group)).toEqual(['Dashboard', 'Communication', 'Reports', 'Management']);
    expect(labels('admin')).toEqual(['Overview', 'Chat', 'Media', 'Conversations', 'Activities', 'Users', 'Settings']);
  });

  it('adds the customer simulator to the admin menu while the console uses the sandbox; agents keep the three items of spec 2', () => {
    expect(labels('agent', true)).toEqual(['Chat', 'Media', 'Conversations']);
    expect(labels('admin', true)).toContain('Customer simulator');
    expect(labels('admin', false)).not.toContain('Customer simulator');
    expect(routeForPath('/simulator')?.requiredRole).toBeUndefined();
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
