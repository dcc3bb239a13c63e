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
    expect(labels('admin')).toEqual([
      'Overview',
      'Metrics',
      'Sentiment',
      'Template analytics',
      'Chat',
      'Media',
      'Templates',
      'Campaigns',
      'Bot flows',
      'Conversations',
      'Activities',
      'Users',
      'API keys',
      'Background jobs',
      'Settings',
    ]);
  });

  it('adds the customer simulator to the admin menu while the console uses the sandbox; agents keep the three items of spec 2', () => {
    expect(labels('agent', true)).toEqual(['Chat', 'Media', 'Conversations']);
    expect(labels('admin', true)).toContain('Customer simulator');
    expect(labels('admin', false)).not.toContain('Customer simulator');
    expect(routeForPath('/simulator')?.requiredRole).toBeUndefined();
  });

  it('guards the admin routes of spec 6 by role', () => {
    const guarded = appRoutes.filter((r) => r.requiredRole === 'admin').map((r) => r.path);
    expect(guarded).toEqual([
      '/admin/dashboard/metrics',
      '/campaigns',
      '/campaigns/new',
      '/campaigns/:id/edit',
      '/campaigns/:id',
      '/bot-flows',
      '/bot-flows/new',
      '/bot-flows/:id',
      '/activities',
      '/admin/users',
      '/api-keys',
      '/api-keys/new',
      '/api-keys/:id/edit',
      '/api-keys/:id',
      '/admin/jobs',
      '/settings',
    ]);
    expect(routeForPath('/admin/dashboard/overview')?.requiredRole).toBeUndefined();
  });

  it('puts the dashboards in the Dashboard group for admins; overview and sentiment are reachable by route, metrics is admin-only (spec 2 and 6)', () => {
    expect(menuFor('admin')[0]?.routes.map((r) => r.menu?.label)).toEqual(['Overview', 'Metrics', 'Sentiment', 'Template analytics']);
    expect(routeForPath('/admin/dashboard/metrics')?.requiredRole).toBe('admin');
    expect(routeForPath('/admin/dashboard/sentiment')?.requiredRole).toBeUndefined();
    expect(routeForPath('/admin/dashboard/sentiment')?.title).toBe('Sentiment');
    expect(routeForPath('/admin/dashboard/metrics')?.title).toBe('Metrics');
    for (const label of ['Overview', 'Metrics', 'Sentiment']) expect(labels('agent')).not.toContain(label);
  });

  it('lists templates and template analytics for admins only in the menu, with no guard on their routes (spec 2)', () => {
    for (const path of ['/templates', '/templates/create', '/templates/edit/:id', '/templates/send', '/dashboard/templates']) {
      expect(appRoutes.find((r) => r.path === path)?.requiredRole).toBeUndefined();
    }
    expect(labels('agent')).not.toContain('Templates');
    expect(labels('agent')).not.toContain('Template analytics');
  });

  it('finds the route of a path with parameters', () => {
    expect(routeForPath('/templates/edit/12')?.title).toBe('Edit template');
    expect(routeForPath('/templates/send')?.title).toBe('Send template');
    expect(routeForPath('/templates/edit')).toBeUndefined();
    expect(routeForPath('/campaigns/new')?.title).toBe('New campaign');
    expect(routeForPath('/campaigns/12')?.title).toBe('Campaign');
    expect(routeForPath('/campaigns/12/edit')?.title).toBe('Edit campaign');
    expect(routeForPath('/bot-flows/new')?.title).toBe('New bot flow');
    expect(routeForPath('/bot-flows/7')?.title).toBe('Bot flow');
    expect(routeForPath('/api-keys/new')?.title).toBe('New API key');
    expect(routeForPath('/api-keys/3')?.title).toBe('API key');
    expect(routeForPath('/api-keys/3/edit')?.title).toBe('Edit API key');
  });

  it('sends admins to the overview and everyone else to /chat', () => {
    expect(homeFor('admin')).toBe('/admin/dashboard/overview');
    expect(homeFor('agent')).toBe('/chat');
    expect(homeFor(undefined)).toBe('/chat');
  });
});
