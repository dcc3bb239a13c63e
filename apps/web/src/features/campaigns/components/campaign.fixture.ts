import type { Campaign } from '@wac/contract/campaigns';
import { campaignCounts } from './campaign-counts.fixture';

/** A campaign for a test: a draft of the spring_sale template with no recipients, but for what `patch` says. */
export const campaignFixture = (patch: Partial<Campaign> = {}): Campaign => ({
  _id: '7',
  name: 'Spring sale',
  description: null,
  status: 'draft',
  template: { id: 3, name: 'spring_sale', language: 'en_US', category: 'MARKETING', status: 'APPROVED' },
  components: [],
  ratePerSecond: 80,
  phoneNumberId: '100000000000001',
  retryHeldBack: false,
  scheduleTime: null,
  statusReason: null,
  counts: campaignCounts({}),
  actions: [],
  createdBy: null,
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-01T08:00:00.000Z',
  startedAt: null,
  completedAt: null,
  ...patch,
});
