import type { BusinessNumber } from '@wac/contract/whatsapp-numbers';

/** A number as GET /api/whatsapp/numbers answers it: the sandbox's first, unless `patch` says otherwise. */
export const businessNumber = (patch: Partial<BusinessNumber> = {}): BusinessNumber => ({
  id: 1,
  phoneNumberId: '100000000000001',
  displayPhoneNumber: '15550100001',
  name: '+15550100001',
  enabled: true,
  first: true,
  verifiedName: 'Sandbox Business',
  qualityRating: 'GREEN',
  throughputLevel: 'STANDARD',
  messagingLimit: 'TIER_1K',
  uniqueCustomersPer24h: 1000,
  checkedAt: '2026-05-01T10:00:00.000Z',
  ...patch,
});
