import { type Campaign, placeholdersOf } from '@wac/contract/campaigns';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../ui/button';
import { ConfirmDeleteModal } from '../../../../ui/confirm-delete-modal';
import { useDeleteAllContacts } from '../../api/campaign-contacts';
import { CsvImport } from './csv-import';
import { PasteContacts } from './paste-contacts';
import { RecentCustomers } from './recent-customers';

/** Step 2: who receives the campaign, from a CSV, pasted lines or the customers who wrote lately; the count so far, with a link to the list. */
export function ContactsStep({ campaign }: { campaign: Campaign }) {
  const removeAll = useDeleteAllContacts();
  const [confirming, setConfirming] = useState<Campaign | null>(null);
  const total = campaign.counts.total;
  return (
    <div className="stack">
      <div className="row between campaign-contacts-summary">
        <p aria-live="polite">
          <strong>{total.toLocaleString('en')}</strong> {total === 1 ? 'contact' : 'contacts'} in this campaign.{' '}
          {total > 0 && <Link to={`/campaigns/${campaign._id}`}>See the list</Link>}
        </p>
        {total > 0 && (
          <Button variant="ghost" className="text-danger" onClick={() => setConfirming(campaign)}>
            Remove all contacts
          </Button>
        )}
      </div>
      <section className="campaign-contacts-source" aria-labelledby="campaign-csv-heading">
        <h3 id="campaign-csv-heading">Upload a CSV file</h3>
        <CsvImport campaignId={campaign._id} placeholders={placeholdersOf(campaign.components)} />
      </section>
      <section className="campaign-contacts-source" aria-labelledby="campaign-paste-heading">
        <h3 id="campaign-paste-heading">Or paste contacts</h3>
        <PasteContacts campaignId={campaign._id} />
      </section>
      <section className="campaign-contacts-source" aria-labelledby="campaign-recent-heading">
        <h3 id="campaign-recent-heading">Or customers who wrote lately</h3>
        <RecentCustomers campaignId={campaign._id} />
      </section>
      <ConfirmDeleteModal
        item={confirming}
        title="Remove all contacts"
        failure="Failed to delete all contacts"
        onDelete={(c) => removeAll.mutateAsync(c._id)}
        deleted={() => 'Contacts removed'}
        onClose={() => setConfirming(null)}
      >
        {(c) => (
          <p>
            Remove the {c.counts.total.toLocaleString('en')} contacts of <strong>{c.name}</strong>?
          </p>
        )}
      </ConfirmDeleteModal>
    </div>
  );
}
