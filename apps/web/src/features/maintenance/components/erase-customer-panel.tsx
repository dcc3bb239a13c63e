import type { Erasure } from '@wac/contract/erasure';
import { erasureTargetSchema } from '@wac/contract/erasure';
import { formatBytes } from '@wac/contract/format';
import { type FormEvent, useId, useState } from 'react';
import { firstErrors, serverFieldErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format-date';
import { useFormFields } from '../../../lib/use-form-fields';
import { Button } from '../../../ui/button';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { DataTable } from '../../../ui/data-table';
import { FormAlert } from '../../../ui/form-alert';
import { TextField } from '../../../ui/text-field';
import { useEraseCustomer, usePreviewErasure } from '../api/erase-customer';
import { customerName, erasedItems, erasureQuestion } from './erasure-summary';
import { erasureItemLabels } from './maintenance-labels';

/** Settings → Maintenance → Erase a customer: on a customer's request, everything stored about them, by phone number. */
export function EraseCustomerPanel() {
  const lookup = usePreviewErasure();
  const erase = useEraseCustomer();
  const { values, setErrors, formError, setFormError, reset, field } = useFormFields({ phone: '' });
  const [confirming, setConfirming] = useState<Erasure | null>(null);
  const [erased, setErased] = useState<Erasure | null>(null);
  const previewId = useId();

  async function find(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setErased(null);
    lookup.reset();
    const parsed = erasureTargetSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error));
      return;
    }
    try {
      await lookup.mutateAsync(parsed.data.phone);
    } catch (error) {
      const server = serverFieldErrors(error, ['phone'] as const);
      setErrors(server.fields);
      setFormError(server.message ?? null);
    }
  }

  async function confirmErase(target: Erasure) {
    const result = await erase.mutateAsync(target.contact.phone);
    setErased(result);
    lookup.reset();
    reset({ phone: '' });
  }

  const preview = lookup.data;
  return (
    <div className="stack">
      <p className="muted">
        When a customer asks to be forgotten: their messages, media files, conversations, campaign recipient rows and bot flow sessions go.
        Figures already counted in reports stay, as anonymous counts, and an activity records who erased which contact and when.
      </p>
      <form className="stack maintenance-find" onSubmit={find} noValidate>
        <TextField
          label="Customer’s phone number"
          type="tel"
          autoComplete="off"
          {...field('phone')}
          hint="In international form, such as +44 7700 900123."
        />
        <div>
          <Button type="submit" variant="secondary" loading={lookup.isPending}>
            Find customer
          </Button>
        </div>
      </form>
      <FormAlert message={formError} />
      {preview && (
        <section className="stack maintenance-block" aria-labelledby={previewId}>
          <h3 id={previewId}>{customerName(preview.contact)}</h3>
          <DataTable columns={['What goes', 'Count', 'Size']}>
            {preview.items.map((item) => (
              <tr key={item.name}>
                <td>{erasureItemLabels[item.name] ?? item.name}</td>
                <td>{item.count.toLocaleString('en')}</td>
                <td>{item.bytes > 0 ? formatBytes(item.bytes) : '–'}</td>
              </tr>
            ))}
          </DataTable>
          <div>
            <Button variant="danger" onClick={() => setConfirming(preview)}>
              Erase customer
            </Button>
          </div>
        </section>
      )}
      {erased && (
        <p className="status-banner status-banner-success" role="status">
          {`Erased ${customerName(erased.contact)}${erased.erasedAt ? ` on ${formatDateTime(erased.erasedAt)}` : ''}: ${erasedItems(erased.items)}.`}
        </p>
      )}
      <ConfirmDeleteModal
        item={confirming}
        title="Erase customer"
        failure="Failed to erase the customer"
        onDelete={confirmErase}
        deleted={(target) => `${customerName(target.contact)} erased`}
        onClose={() => setConfirming(null)}
      >
        {(target) => (
          <>
            <p>
              <strong>{erasureQuestion(target)}</strong>
            </p>
            <p className="muted">This cannot be undone. Counts already in reports stay, without the customer.</p>
          </>
        )}
      </ConfirmDeleteModal>
    </div>
  );
}
