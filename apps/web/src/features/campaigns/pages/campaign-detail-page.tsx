import type { Campaign, CampaignProgressEvent } from '@wac/contract/campaigns';
import { useState } from 'react';
import { useParams } from 'react-router';
import { QueryStatus } from '../../../ui/query-status';
import { Tabs } from '../../../ui/tabs';
import { type CampaignStatusAnswer, useCampaignStatus } from '../api/campaign-status';
import { useCampaign } from '../api/get-campaign';
import { CampaignProgressPanel } from '../components/detail/campaign-progress-panel';
import { CampaignReportTab } from '../components/detail/campaign-report-tab';
import { CampaignSummary } from '../components/detail/campaign-summary';
import { RecipientsTable } from '../components/detail/recipients-table';
import { useCampaignLiveUpdates } from '../components/use-campaign-live-updates';
import '../components/campaigns.css';

/** The campaign with its latest status: the status endpoint (refetched after each action and while running) is fresher. */
const withStatus = (campaign: Campaign, status: CampaignStatusAnswer | undefined): Campaign =>
  status ? { ...campaign, ...status } : campaign;

/** /campaigns/:id: what the campaign is, how far its sending has got (live), its actions, and its recipients. */
export function CampaignDetailPage() {
  const { id = '' } = useParams();
  const campaign = useCampaign(id);
  const status = useCampaignStatus(id);
  const [live, setLive] = useState<CampaignProgressEvent | null>(null);
  useCampaignLiveUpdates((event) => {
    if (event.campaignId === id) setLive(event);
  });

  if (campaign.isPending || campaign.isError) return <QueryStatus query={campaign} loadingLabel="Loading campaign" />;
  const current = withStatus(campaign.data, status.data);
  return (
    <div className="page campaign-detail">
      <CampaignSummary campaign={current} />
      <CampaignProgressPanel campaign={current} live={live?.status === current.status ? live : null} />
      <Tabs
        className="card campaign-tabs"
        panelClassName="campaign-tab-panel"
        label="Campaign details"
        tabs={[
          {
            id: 'recipients',
            label: 'Recipients',
            render: () => (
              <RecipientsTable
                campaignId={id}
                running={current.status === 'running'}
                editable={current.actions.includes('edit-contacts')}
              />
            ),
          },
          { id: 'report', label: 'Report', render: () => <CampaignReportTab /> },
        ]}
      />
    </div>
  );
}
