import type { Campaign } from '@wac/contract/campaigns';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { QueryStatus } from '../../../ui/query-status';
import { useToast } from '../../../ui/toasts';
import { useCampaign } from '../api/get-campaign';
import { statusLabel } from '../components/campaign-status-badge';
import { type CampaignStep, CampaignStepsNav, stepLabel, stepOf, stepPath } from '../components/form/campaign-steps';
import { ContactsStep } from '../components/form/contacts-step';
import { DetailsStep } from '../components/form/details-step';
import { PreviewStep } from '../components/form/preview-step';
import { ScheduleStep } from '../components/form/schedule-step';
import '../components/campaigns.css';

function StepCard({ step, children }: { step: CampaignStep; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby="campaign-step-title">
      <h2 id="campaign-step-title">{stepLabel(step)}</h2>
      {children}
    </section>
  );
}

/** /campaigns/new: the details only; saving them creates the draft and moves on to its contacts. */
export function NewCampaignPage() {
  const navigate = useNavigate();
  return (
    <div className="page campaign-editor">
      <CampaignStepsNav current="details" />
      <StepCard step="details">
        <DetailsStep onSaved={(campaign) => navigate(stepPath(campaign._id, 'contacts'), { replace: true })} />
      </StepCard>
    </div>
  );
}

function StepContent({ step, campaign }: { step: CampaignStep; campaign: Campaign }) {
  const navigate = useNavigate();
  const toast = useToast();
  if (step === 'contacts') return <ContactsStep campaign={campaign} />;
  if (step === 'preview') return <PreviewStep campaign={campaign} />;
  if (step === 'schedule') return <ScheduleStep campaign={campaign} />;
  return (
    <DetailsStep
      key={campaign._id}
      campaign={campaign}
      onSaved={(saved) => {
        toast.show({ type: 'success', title: 'Campaign saved' });
        navigate(stepPath(saved._id, 'contacts'));
      }}
    />
  );
}

const nextOf: Partial<Record<CampaignStep, CampaignStep>> = { contacts: 'preview', preview: 'schedule' };

/** /campaigns/:id/edit?step=…: any step of a draft or scheduled campaign; others can no longer change. */
export function EditCampaignPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const campaign = useCampaign(id);
  const step = stepOf(params.get('step'));
  if (campaign.isPending || campaign.isError) return <QueryStatus query={campaign} loadingLabel="Loading campaign" />;
  const editable = campaign.data.actions.includes('update');
  const next = nextOf[step];
  return (
    <div className="page campaign-editor">
      <div className="page-header">
        <p className="muted">
          Editing <Link to={`/campaigns/${id}`}>{campaign.data.name}</Link> · {statusLabel(campaign.data.status)}
        </p>
      </div>
      {editable ? (
        <>
          <CampaignStepsNav current={step} campaignId={id} />
          <StepCard step={step}>
            <StepContent step={step} campaign={campaign.data} />
            {next && (
              <div className="form-actions">
                <Link className="btn btn-primary" to={stepPath(id, next)}>
                  Next: {stepLabel(next)}
                </Link>
              </div>
            )}
          </StepCard>
        </>
      ) : (
        <div className="status-banner status-banner-warning" role="status">
          A {campaign.data.status} campaign can no longer be edited. <Link to={`/campaigns/${id}`}>Back to the campaign</Link>
        </div>
      )}
    </div>
  );
}
