import { useParams } from 'react-router';
import { useCampaignStatus } from '../../api/campaign-status';
import { useCampaign } from '../../api/get-campaign';
import { CampaignReport } from '../report/campaign-report';

/**
 * The "Report" tab of /campaigns/:id. Its status comes from the same queries as the page's (shared in the cache, so
 * no second request while they are fresh): the status endpoint when it has answered, else the campaign.
 */
export function CampaignReportTab() {
  const { id = '' } = useParams();
  const status = useCampaignStatus(id).data?.status;
  const campaign = useCampaign(id).data?.status;
  return <CampaignReport campaignId={id} running={(status ?? campaign) === 'running'} />;
}
