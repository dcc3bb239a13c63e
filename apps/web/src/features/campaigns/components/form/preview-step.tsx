import type { Campaign } from '@wac/contract/campaigns';
import { Link } from 'react-router';
import { QueryStatus } from '../../../../ui/query-status';
import { useCampaignContacts } from '../../api/campaign-contacts';
import { useTemplateTest } from '../../api/campaign-templates';
import { recipientPhone } from '../recipient-phone';
import { stepPath } from './campaign-steps';
import { RenderedMessage } from './rendered-message';

const firstContactQuery = { page: 1, limit: 1, status: '', search: '' } as const;

/** Step 3: the message the first contact will receive, through POST /templates/test, and what they have no value for. */
export function PreviewStep({ campaign }: { campaign: Campaign }) {
  const contacts = useCampaignContacts(campaign._id, firstContactQuery);
  const first = contacts.data?.contacts[0];
  const templateId = campaign.template.id;
  const test = useTemplateTest(
    contacts.data && templateId !== null
      ? {
          templateId,
          components: campaign.components,
          contact: first ? { phone: first.phone, name: first.name ?? undefined, variables: first.variables } : { phone: '' },
        }
      : null,
  );

  if (templateId === null)
    return <p className="status-banner status-banner-warning">The campaign’s template no longer exists: choose another in the details.</p>;
  if (contacts.isPending || contacts.isError) return <QueryStatus query={contacts} loadingLabel="Loading the first contact" />;
  return (
    <div className="stack">
      <p>
        {first ? (
          <>
            As <strong>{first.name ?? recipientPhone(first.phone)}</strong> ({recipientPhone(first.phone)}), the first contact, will receive
            it:
          </>
        ) : (
          <>
            No contacts yet: <Link to={stepPath(campaign._id, 'contacts')}>add some</Link> to see the message with a recipient’s own values.
          </>
        )}
      </p>
      {test.isPending || test.isError ? (
        <QueryStatus query={test} loadingLabel="Rendering the message" />
      ) : (
        <div className="campaign-preview">
          <RenderedMessage rendered={test.data.rendered} />
          {test.data.missing.length > 0 ? (
            <div className="status-banner status-banner-warning" role="status">
              <p>
                {first ? 'This contact has' : 'Without a contact there is'} no value for{' '}
                {test.data.missing.map((m, i) => (
                  <span key={m}>
                    {i > 0 && ', '}
                    <code>{`{{${m}}}`}</code>
                  </span>
                ))}
                : WhatsApp would show {test.data.missing.length === 1 ? 'it' : 'them'} as written. Map a column to{' '}
                {test.data.missing.length === 1 ? 'it' : 'each'} when uploading contacts, or change the values in the details.
              </p>
            </div>
          ) : (
            <p className="muted">Every placeholder has a value for this contact.</p>
          )}
        </div>
      )}
    </div>
  );
}
