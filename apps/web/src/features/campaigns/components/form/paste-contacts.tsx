import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { shownByLicenceDialogs } from '../../../../lib/request-with-fallback';
import { Button } from '../../../../ui/button';
import { FormAlert } from '../../../../ui/form-alert';
import { useAddContacts } from '../../api/campaign-contacts';
import { ImportResult } from './import-result';
import { type PastedContacts, parsePastedContacts, pastedLine } from './pasted-contacts';

/** Contacts typed or pasted as "phone,name" lines, for a short list without a file. */
export function PasteContacts({ campaignId }: { campaignId: string }) {
  const id = useId();
  const add = useAddContacts();
  const [text, setText] = useState('');
  const [sent, setSent] = useState<PastedContacts | null>(null);
  const pasted = parsePastedContacts(text);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (pasted.contacts.length === 0 || add.isPending) return;
    setSent(pasted);
    add.mutate({ id: campaignId, contacts: pasted.contacts }, { onSuccess: (result) => result.errors.length === 0 && setText('') });
  }

  return (
    <form className="stack" onSubmit={submit} aria-label="Paste contacts">
      <div className="field">
        <label htmlFor={id}>Contacts, one per line</label>
        <textarea
          id={id}
          rows={5}
          placeholder={'+447700900123,Ana Lima\n+5511987654321,Rui'}
          value={text}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setText(e.target.value)}
        />
        <p className="field-hint" id={`${id}-hint`}>
          A phone number in international format, a comma, then the name (optional).
          {pasted.contacts.length > 0 && ` ${pasted.contacts.length} ${pasted.contacts.length === 1 ? 'contact' : 'contacts'}.`}
        </p>
      </div>
      <div className="form-actions">
        <Button type="submit" variant="secondary" loading={add.isPending} disabled={pasted.contacts.length === 0}>
          Add contacts
        </Button>
      </div>
      <FormAlert inline message={add.isError && !shownByLicenceDialogs(add.error) && errorMessage(add.error, 'Failed to add contacts')} />
      {add.data && sent && <ImportResult result={add.data} lineOf={(n) => pastedLine(sent, n)} />}
    </form>
  );
}
