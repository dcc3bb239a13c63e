import { describe, expect, it } from 'vitest';
import { answersOnHint } from '../triggers/answers-on';
import { triggersSummary } from './triggers-summary';

const triggers = { keywords: ['hi', 'hello'], onNewConversation: true, isDefault: false, phoneNumberIds: ['2'] };
const label = (id: string) => (id === '2' ? 'Sales (+15550100002)' : id);

describe('triggersSummary', () => {
  it('lists what starts the flow, and the numbers it answers on only when the console has several', () => {
    expect(triggersSummary(triggers)).toBe('hi, hello · new conversations');
    expect(triggersSummary(triggers, label)).toBe('hi, hello · new conversations · on Sales (+15550100002)');
    expect(triggersSummary({ ...triggers, phoneNumberIds: [] }, label)).toBe('hi, hello · new conversations');
    expect(triggersSummary({ keywords: [], onNewConversation: false, isDefault: false, phoneNumberIds: ['2'] }, label)).toBeNull();
  });

  it('says that no number ticked means every number', () => {
    expect(answersOnHint(0)).toMatch(/every number/);
    expect(answersOnHint(1)).toMatch(/ticked numbers/);
  });
});
