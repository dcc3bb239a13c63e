import type { Role } from '@wac/contract/auth';
import { type ComponentType, lazy } from 'react';
import { matchPath } from 'react-router';
import type { IconName } from '../ui/icon';

export type MenuGroup = 'Dashboard' | 'Communication' | 'Reports' | 'Management';
export const menuGroups: MenuGroup[] = ['Dashboard', 'Communication', 'Reports', 'Management'];

export interface AppRoute {
  path: string;
  title: string;
  subtitle?: string;
  page: ComponentType;
  /** The server refuses other roles too; this sends them to /chat (spec 2). */
  requiredRole?: Role;
  /**
   * Sidebar entry; adminOnly hides it from other roles in the menu, whether or not the route is guarded;
   * sandboxOnly shows it only while the console talks to the built-in sandbox.
   */
  menu?: { group: MenuGroup; label: string; icon: IconName; adminOnly: boolean; sandboxOnly?: boolean };
}

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const OverviewPage = named(() => import('../features/analytics/pages/overview-page'), 'OverviewPage');
const MetricsPage = named(() => import('../features/analytics/pages/metrics-page'), 'MetricsPage');
const SentimentPage = named(() => import('../features/analytics/pages/sentiment-page'), 'SentimentPage');
const ChatPage = named(() => import('../features/chat/pages/chat-page'), 'ChatPage');
const SimulatorPage = named(() => import('../features/simulator/pages/simulator-page'), 'SimulatorPage');
const MediaPage = named(() => import('../features/media/pages/media-page'), 'MediaPage');
const ConversationReportPage = named(() => import('../features/reports/pages/conversation-report-page'), 'ConversationReportPage');
const ActivitiesPage = named(() => import('../features/activities/pages/activities-page'), 'ActivitiesPage');
const UsersPage = named(() => import('../features/users/pages/users-page'), 'UsersPage');
const JobsPage = named(() => import('../features/jobs/pages/jobs-page'), 'JobsPage');
const SettingsPage = named(() => import('./settings-route'), 'SettingsRoute');
const ProfilePage = named(() => import('../features/profile/pages/profile-page'), 'ProfilePage');
const TemplatesPage = named(() => import('../features/templates/pages/templates-page'), 'TemplatesPage');
const CreateTemplatePage = named(() => import('../features/templates/pages/template-editor-pages'), 'CreateTemplatePage');
const EditTemplatePage = named(() => import('../features/templates/pages/template-editor-pages'), 'EditTemplatePage');
const SendTemplatePage = named(() => import('../features/templates/pages/send-template-page'), 'SendTemplatePage');
const CampaignsPage = named(() => import('../features/campaigns/pages/campaigns-page'), 'CampaignsPage');
const NewCampaignPage = named(() => import('../features/campaigns/pages/campaign-editor-page'), 'NewCampaignPage');
const EditCampaignPage = named(() => import('../features/campaigns/pages/campaign-editor-page'), 'EditCampaignPage');
const CampaignDetailPage = named(() => import('../features/campaigns/pages/campaign-detail-page'), 'CampaignDetailPage');
const FlowsPage = named(() => import('../features/flows/pages/flows-page'), 'FlowsPage');
const NewFlowPage = named(() => import('../features/flows/pages/flow-builder-pages'), 'NewFlowPage');
const EditFlowPage = named(() => import('../features/flows/pages/flow-builder-pages'), 'EditFlowPage');
const ApiKeysPage = named(() => import('../features/api-keys/pages/api-keys-page'), 'ApiKeysPage');
const NewApiKeyPage = named(() => import('../features/api-keys/pages/api-key-editor-pages'), 'NewApiKeyPage');
const EditApiKeyPage = named(() => import('../features/api-keys/pages/api-key-editor-pages'), 'EditApiKeyPage');
const ApiKeyDetailPage = named(() => import('../features/api-keys/pages/api-key-detail-page'), 'ApiKeyDetailPage');
const TemplateAnalyticsPage = named(() => import('../features/template-analytics/pages/template-analytics-page'), 'TemplateAnalyticsPage');

/** The one table behind the router, the sidebar and the header title. Capabilities not built yet are not listed. */
export const appRoutes: AppRoute[] = [
  {
    path: '/admin/dashboard/overview',
    title: 'Overview',
    subtitle: 'Conversations, messages and response times against the previous period',
    page: OverviewPage,
    menu: { group: 'Dashboard', label: 'Overview', icon: 'dashboard', adminOnly: true },
  },
  {
    path: '/admin/dashboard/metrics',
    title: 'Metrics',
    subtitle: 'Volume, response times, workload, retention and engagement',
    page: MetricsPage,
    requiredRole: 'admin',
    menu: { group: 'Dashboard', label: 'Metrics', icon: 'bar-chart', adminOnly: true },
  },
  {
    // Spec 6: every signed-in user may read it by route; spec 2 shows non-admins only Chat, Conversations and Media.
    path: '/admin/dashboard/sentiment',
    title: 'Sentiment',
    subtitle: "How customers' messages read: positive, neutral or negative",
    page: SentimentPage,
    menu: { group: 'Dashboard', label: 'Sentiment', icon: 'activity', adminOnly: true },
  },
  {
    // Spec 2: admin-only in the menu, not guarded; the server decides what each role may do.
    path: '/dashboard/templates',
    title: 'Template analytics',
    subtitle: 'Template messages sent, delivered, read and failed over time',
    page: TemplateAnalyticsPage,
    menu: { group: 'Dashboard', label: 'Template analytics', icon: 'trending-up', adminOnly: true },
  },
  {
    path: '/chat',
    title: 'Chat',
    subtitle: 'Conversations with your customers',
    page: ChatPage,
    menu: { group: 'Communication', label: 'Chat', icon: 'chat', adminOnly: false },
  },
  {
    path: '/media',
    title: 'Media',
    subtitle: 'Pictures, videos, audio and documents sent and received',
    page: MediaPage,
    menu: { group: 'Communication', label: 'Media', icon: 'image', adminOnly: false },
  },
  {
    // Spec 2: admin-only in the menu although the route has no role guard; everyone signed in may send.
    path: '/templates',
    title: 'Templates',
    subtitle: 'Messages Meta approved for sending outside the 24-hour window',
    page: TemplatesPage,
    menu: { group: 'Communication', label: 'Templates', icon: 'template', adminOnly: true },
  },
  { path: '/templates/create', title: 'New template', subtitle: 'Submitted to Meta for review', page: CreateTemplatePage },
  { path: '/templates/edit/:id', title: 'Edit template', subtitle: 'Changes are reviewed by Meta again', page: EditTemplatePage },
  { path: '/templates/send', title: 'Send template', subtitle: 'An approved template to one or several numbers', page: SendTemplatePage },
  {
    path: '/campaigns',
    title: 'Campaigns',
    subtitle: 'An approved template sent to a list of contacts, now or on schedule',
    page: CampaignsPage,
    requiredRole: 'admin',
    menu: { group: 'Communication', label: 'Campaigns', icon: 'send', adminOnly: true },
  },
  {
    path: '/campaigns/new',
    title: 'New campaign',
    subtitle: 'Details first, then contacts, preview and sending',
    page: NewCampaignPage,
    requiredRole: 'admin',
  },
  {
    path: '/campaigns/:id/edit',
    title: 'Edit campaign',
    subtitle: 'Details, contacts, preview and sending',
    page: EditCampaignPage,
    requiredRole: 'admin',
  },
  {
    path: '/campaigns/:id',
    title: 'Campaign',
    subtitle: 'Progress, recipients and report',
    page: CampaignDetailPage,
    requiredRole: 'admin',
  },
  {
    path: '/bot-flows',
    title: 'Bot flows',
    subtitle: 'Conversations the bot runs with customers: questions, branches and handoffs',
    page: FlowsPage,
    requiredRole: 'admin',
    menu: { group: 'Communication', label: 'Bot flows', icon: 'flow', adminOnly: true },
  },
  {
    path: '/bot-flows/new',
    title: 'New bot flow',
    subtitle: 'Add steps from the palette, connect them, then save',
    page: NewFlowPage,
    requiredRole: 'admin',
  },
  {
    path: '/bot-flows/:id',
    title: 'Bot flow',
    subtitle: 'Steps, connections, triggers and versions',
    page: EditFlowPage,
    requiredRole: 'admin',
  },
  {
    // The route stays reachable when live: the page then says the simulator needs the sandbox.
    path: '/simulator',
    title: 'Customer simulator',
    subtitle: 'Play a customer writing to your WhatsApp number',
    page: SimulatorPage,
    menu: { group: 'Communication', label: 'Customer simulator', icon: 'phone', adminOnly: true, sandboxOnly: true },
  },
  {
    path: '/reports/conversations',
    title: 'Conversations',
    subtitle: 'Conversation activity over a date range',
    page: ConversationReportPage,
    menu: { group: 'Reports', label: 'Conversations', icon: 'bar-chart', adminOnly: false },
  },
  {
    path: '/activities',
    title: 'Activities',
    subtitle: 'Everything that happened in the console',
    page: ActivitiesPage,
    requiredRole: 'admin',
    menu: { group: 'Reports', label: 'Activities', icon: 'activity', adminOnly: true },
  },
  {
    path: '/admin/users',
    title: 'Users',
    subtitle: 'Who can sign in, and as what',
    page: UsersPage,
    requiredRole: 'admin',
    menu: { group: 'Management', label: 'Users', icon: 'users', adminOnly: true },
  },
  {
    path: '/api-keys',
    title: 'API keys',
    subtitle: 'Keys your shop, CRM or ticketing system sends messages with, and every call they made',
    page: ApiKeysPage,
    requiredRole: 'admin',
    menu: { group: 'Management', label: 'API keys', icon: 'key', adminOnly: true },
  },
  {
    path: '/api-keys/new',
    title: 'New API key',
    subtitle: 'Its secret is shown once, when it is created',
    page: NewApiKeyPage,
    requiredRole: 'admin',
  },
  {
    path: '/api-keys/:id/edit',
    title: 'Edit API key',
    subtitle: 'Name, scopes, expiry, allowed addresses and rate limit; the secret stays the same',
    page: EditApiKeyPage,
    requiredRole: 'admin',
  },
  {
    path: '/api-keys/:id',
    title: 'API key',
    subtitle: 'Details, calls per day and the log of every call',
    page: ApiKeyDetailPage,
    requiredRole: 'admin',
  },
  {
    path: '/admin/jobs',
    title: 'Background jobs',
    subtitle: 'Scheduled and queued work, shared by every server',
    page: JobsPage,
    requiredRole: 'admin',
    menu: { group: 'Management', label: 'Background jobs', icon: 'clock', adminOnly: true },
  },
  {
    path: '/settings',
    title: 'Settings',
    subtitle: 'App, email and system settings',
    page: SettingsPage,
    requiredRole: 'admin',
    menu: { group: 'Management', label: 'Settings', icon: 'settings', adminOnly: true },
  },
  { path: '/profile', title: 'Profile', subtitle: 'Your account', page: ProfilePage },
];

/** `sandbox`: whether the console talks to the built-in sandbox (false while that is not known yet). */
export function menuFor(role: Role | undefined, sandbox = false): { group: MenuGroup; routes: AppRoute[] }[] {
  return menuGroups
    .map((group) => ({
      group,
      routes: appRoutes.filter(
        (r) => r.menu?.group === group && (role === 'admin' || !r.menu.adminOnly) && (sandbox || !r.menu.sandboxOnly),
      ),
    }))
    .filter((g) => g.routes.length > 0);
}

/** The route a path shows, parameters included (/templates/edit/12 is /templates/edit/:id). */
export function routeForPath(pathname: string): AppRoute | undefined {
  return appRoutes.find((r) => matchPath(r.path, pathname) !== null);
}

export function homeFor(role: Role | undefined): string {
  return role === 'admin' ? '/admin/dashboard/overview' : '/chat';
}
