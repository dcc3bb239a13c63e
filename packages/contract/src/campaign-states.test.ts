import { describe, expect, it } from 'vitest';
import { allowedCampaignActions, campaignActionRefusal, campaignStatusAfter } from './campaign-states.ts';

describe('campaign state machine', () => {
  it('allows each action only where it makes sense, and says where it leads', () => {
    expect(allowedCampaignActions('draft')).toEqual(['update', 'delete', 'edit-contacts', 'start', 'schedule']);
    expect(allowedCampaignActions('scheduled')).toEqual([
      'update',
      'delete',
      'edit-contacts',
      'start',
      'schedule',
      'cancel-schedule',
      'cancel',
    ]);
    expect(allowedCampaignActions('running')).toEqual(['pause', 'cancel']);
    expect(allowedCampaignActions('paused')).toEqual(['resume', 'cancel', 'retry-failed']);
    expect(allowedCampaignActions('completed')).toEqual(['delete', 'retry-failed']);
    expect(allowedCampaignActions('cancelled')).toEqual(['delete']);
    expect(campaignStatusAfter('draft', 'start')).toBe('running');
    expect(campaignStatusAfter('scheduled', 'cancel-schedule')).toBe('draft');
    expect(campaignStatusAfter('running', 'pause')).toBe('paused');
    expect(campaignStatusAfter('paused', 'resume')).toBe('running');
    expect(campaignStatusAfter('draft', 'update')).toBe('draft');
  });

  it('refuses an illegal action with a sentence saying why', () => {
    expect(campaignActionRefusal('completed', 'pause')).toBe(
      'A completed campaign cannot be paused: it has finished; duplicate it to send it again',
    );
    expect(campaignActionRefusal('draft', 'pause')).toBe('A draft campaign cannot be paused: it has not started');
    expect(campaignActionRefusal('running', 'delete')).toBe('A running campaign cannot be deleted: cancel it first');
    expect(campaignActionRefusal('running', 'update')).toBe('A running campaign cannot be edited: pause or cancel it first');
    expect(campaignActionRefusal('draft', 'cancel-schedule')).toBe('A draft campaign cannot be unscheduled: it is not scheduled');
    expect(campaignActionRefusal('cancelled', 'retry-failed')).toBe('A cancelled campaign cannot be retried');
    expect(campaignActionRefusal('draft', 'start')).toBeNull();
  });
});
