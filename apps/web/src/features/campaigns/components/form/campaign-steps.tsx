import { Link } from 'react-router';

export const campaignSteps = [
  { id: 'details', label: 'Details' },
  { id: 'contacts', label: 'Contacts' },
  { id: 'preview', label: 'Preview' },
  { id: 'schedule', label: 'Send or schedule' },
] as const;
export type CampaignStep = (typeof campaignSteps)[number]['id'];

export const stepOf = (value: string | null): CampaignStep => campaignSteps.find((s) => s.id === value)?.id ?? 'details';
export const stepLabel = (step: CampaignStep) => campaignSteps.find((s) => s.id === step)?.label ?? step;
export const stepPath = (campaignId: string, step: CampaignStep) => `/campaigns/${campaignId}/edit?step=${step}`;

/** The form's four steps; the later ones open once the draft is saved, since contacts belong to a campaign. */
export function CampaignStepsNav({ current, campaignId }: { current: CampaignStep; campaignId?: string }) {
  return (
    <nav aria-label="Campaign steps">
      <ol className="campaign-steps">
        {campaignSteps.map((step, i) => {
          const text = (
            <>
              <span className="campaign-step-number" aria-hidden="true">
                {i + 1}
              </span>
              {step.label}
            </>
          );
          const isCurrent = step.id === current;
          return (
            <li key={step.id} className={isCurrent ? 'is-current' : undefined}>
              {campaignId ? (
                <Link to={stepPath(campaignId, step.id)} aria-current={isCurrent ? 'step' : undefined}>
                  {text}
                </Link>
              ) : (
                <span className={isCurrent ? undefined : 'is-disabled'} aria-current={isCurrent ? 'step' : undefined}>
                  {text}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {!campaignId && <p className="small muted">Save the details first: contacts, preview and sending come next.</p>}
    </nav>
  );
}
