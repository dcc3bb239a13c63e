/**
 * A campaign's life (spec 4 "Campaign actions"; the spec leaves the transitions open, these are ours). Besides the
 * admin's actions, the dispatch moves a running campaign to completed when every recipient is settled, to paused when
 * its template is paused or disabled at Meta, and to failed when it cannot go on (its template deleted).
 */
export const campaignStatuses = ['draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled', 'failed'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/** What an admin can do to a campaign, by the name of its route. */
export const campaignActions = [
  'update',
  'delete',
  'edit-contacts',
  'start',
  'schedule',
  'cancel-schedule',
  'pause',
  'resume',
  'cancel',
  'retry-failed',
] as const;
export type CampaignAction = (typeof campaignActions)[number];

interface ActionRule {
  /** The statuses the action is allowed in. */
  from: readonly CampaignStatus[];
  /** Where it leads; null when the status stays (an edit, or a deletion). */
  to: CampaignStatus | null;
  /** As the refusal says it: "A completed campaign cannot be paused". */
  verb: string;
  /** Why, by status: the refusal's second half. */
  because?: Partial<Record<CampaignStatus, string>>;
}

const finished = 'it has finished; duplicate it to send it again';
const ended = { completed: finished, cancelled: finished, failed: finished };

export const campaignActionRules: Record<CampaignAction, ActionRule> = {
  update: {
    from: ['draft', 'scheduled'],
    to: null,
    verb: 'edited',
    because: { ...ended, running: 'pause or cancel it first', paused: 'it has already sent to some recipients; duplicate it instead' },
  },
  delete: {
    from: ['draft', 'scheduled', 'completed', 'cancelled', 'failed'],
    to: null,
    verb: 'deleted',
    because: { running: 'cancel it first', paused: 'cancel it first' },
  },
  'edit-contacts': {
    from: ['draft', 'scheduled'],
    to: null,
    verb: 'given other contacts',
    because: { ...ended, running: 'its sending has started', paused: 'its sending has started' },
  },
  start: {
    from: ['draft', 'scheduled'],
    to: 'running',
    verb: 'started',
    because: { ...ended, paused: 'resume it instead', running: 'it is already sending' },
  },
  schedule: { from: ['draft', 'scheduled'], to: 'scheduled', verb: 'scheduled', because: { ...ended, running: 'it is already sending' } },
  'cancel-schedule': { from: ['scheduled'], to: 'draft', verb: 'unscheduled', because: { draft: 'it is not scheduled' } },
  pause: {
    from: ['running'],
    to: 'paused',
    verb: 'paused',
    because: { ...ended, draft: 'it has not started', scheduled: 'cancel its schedule instead', paused: 'it is already paused' },
  },
  resume: {
    from: ['paused'],
    to: 'running',
    verb: 'resumed',
    because: { ...ended, running: 'it is not paused', draft: 'start it instead', scheduled: 'start it instead' },
  },
  cancel: {
    from: ['scheduled', 'running', 'paused'],
    to: 'cancelled',
    verb: 'cancelled',
    because: { ...ended, draft: 'delete it instead' },
  },
  'retry-failed': {
    from: ['completed', 'paused'],
    to: 'running',
    verb: 'retried',
    because: { draft: 'it has not been sent yet', running: 'it is still sending' },
  },
};

const article = (status: CampaignStatus) => (status === 'draft' ? 'A draft' : `A ${status}`);

/** Null when the action is allowed in the status, else the sentence that says why not (answered with a 409). */
export function campaignActionRefusal(status: CampaignStatus, action: CampaignAction): string | null {
  const rule = campaignActionRules[action];
  if (rule.from.includes(status)) return null;
  const why = rule.because?.[status];
  return `${article(status)} campaign cannot be ${rule.verb}${why ? `: ${why}` : ''}`;
}

/** The status an allowed action leads to (the same status for edits). */
export function campaignStatusAfter(status: CampaignStatus, action: CampaignAction): CampaignStatus {
  return campaignActionRules[action].to ?? status;
}

/** Which actions the console offers for a campaign in this status. */
export function allowedCampaignActions(status: CampaignStatus): CampaignAction[] {
  return campaignActions.filter((action) => campaignActionRules[action].from.includes(status));
}
