import { useId } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { useSetMarketingPreference } from '../api/user-preferences';
import { type MarketingPreference, preferenceBody, preferenceOutcome } from './marketing-preference';

interface MarketingPreferenceControlProps {
  /** The customer's number in E.164 digits; null until a valid one is typed. */
  phone: string | null;
  /** The business number they write to; '' or left out for the sandbox's first. */
  number?: string;
}

/** The customer stops or resumes this business's marketing messages, as WhatsApp's own settings let them. */
export function MarketingPreferenceControl({ phone, number }: MarketingPreferenceControlProps) {
  const id = useId();
  const preference = useSetMarketingPreference();
  // Not disabled while one is on its way: a disabled button would drop the keyboard focus.
  const choose = (value: MarketingPreference) => {
    if (phone && !preference.isPending) preference.mutate(preferenceBody(phone, number, value));
  };
  const outcome =
    preference.data && preference.variables ? preferenceOutcome(preference.variables.value, preference.data.webhookStatus) : null;
  return (
    <fieldset className="sim-marketing" aria-describedby={`${id}-hint`}>
      <legend className="sim-subtitle">Marketing messages</legend>
      <p className="field-hint" id={`${id}-hint`}>
        As in WhatsApp’s settings: the business hears of it by webhook, and its marketing campaigns skip a customer who stopped them.
      </p>
      <div className="row sim-marketing-buttons">
        <Button variant="secondary" className="btn-small" disabled={phone === null} onClick={() => choose('stop')}>
          Stop marketing messages
        </Button>
        <Button variant="secondary" className="btn-small" disabled={phone === null} onClick={() => choose('resume')}>
          Resume marketing messages
        </Button>
      </div>
      <p role="status" className={`small ${preference.isError || (outcome && !outcome.ok) ? 'text-danger' : 'muted'}`}>
        {preference.isError ? errorMessage(preference.error) : (outcome?.text ?? '')}
      </p>
    </fieldset>
  );
}
