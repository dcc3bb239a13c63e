import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { shownByLicenceDialogs } from '../../../../lib/request-with-fallback';
import { Button } from '../../../../ui/button';
import { FormAlert } from '../../../../ui/form-alert';
import { useAddRecentCustomers } from '../../api/campaign-contacts';

/** An audience from the customers the console already knows: everyone who wrote in the last N days. */
export function RecentCustomers({ campaignId }: { campaignId: string }) {
  const id = useId();
  const add = useAddRecentCustomers();
  const [days, setDays] = useState('30');
  const valid = /^\d+$/.test(days) && Number(days) >= 1 && Number(days) <= 365;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (valid && !add.isPending) add.mutate({ id: campaignId, days: Number(days) });
  }

  return (
    <form className="row" onSubmit={submit} aria-label="Add recent customers">
      <div className="field">
        <label htmlFor={id}>Everyone who wrote in the last (days)</label>
        <input
          id={id}
          className="input"
          type="number"
          min={1}
          max={365}
          value={days}
          aria-invalid={!valid}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setDays(e.target.value)}
        />
        <p className="field-hint" id={`${id}-hint`}>
          From 1 to 365 days; customers already in the campaign keep their values.
        </p>
      </div>
      <Button type="submit" variant="secondary" loading={add.isPending} disabled={!valid}>
        Add these customers
      </Button>
      <FormAlert inline message={add.isError && !shownByLicenceDialogs(add.error) && errorMessage(add.error, 'Failed to add contacts')} />
      {add.data && (
        <p role="status">
          {add.data.added.toLocaleString('en')} added, {add.data.updated.toLocaleString('en')} already there.
        </p>
      )}
    </form>
  );
}
