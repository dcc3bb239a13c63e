import { addBusinessNumberBodySchema, businessNumberLabel } from '@wac/contract/whatsapp-numbers';
import type { FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { firstErrors } from '../../../../lib/form-errors';
import { shownByLicenceDialogs } from '../../../../lib/request-with-fallback';
import { useFormFields } from '../../../../lib/use-form-fields';
import { Button } from '../../../../ui/button';
import { FormAlert } from '../../../../ui/form-alert';
import { TextField } from '../../../../ui/text-field';
import { useToast } from '../../../../ui/toasts';
import { useAddBusinessNumber } from '../../api/save-business-number';

const empty = { phoneNumberId: '', name: '' };

/**
 * Adds a number of the WhatsApp Business Account by its phone-number id. The server asks Meta about it first, so an id
 * Meta does not know (400) or one listed already (409) is refused in the server's words, under the id.
 */
export function AddBusinessNumberForm() {
  const add = useAddBusinessNumber();
  const toast = useToast();
  const form = useFormFields(empty);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.setFormError(null);
    const name = form.values.name.trim();
    const parsed = addBusinessNumberBodySchema.safeParse({ phoneNumberId: form.values.phoneNumberId, ...(name ? { name } : {}) });
    if (!parsed.success) {
      form.setErrors(firstErrors<keyof typeof empty>(parsed.error));
      return;
    }
    if (add.isPending) return;
    add.mutate(parsed.data, {
      onSuccess: (number) => {
        toast.show({ type: 'success', title: `Number added: ${businessNumberLabel(number)}` });
        form.reset(empty);
      },
      onError: (err) => {
        if (shownByLicenceDialogs(err)) return;
        const message = errorMessage(err, 'Failed to add the number');
        if (err instanceof ApiError && (err.status === 400 || err.status === 409)) form.setErrors({ phoneNumberId: message });
        else form.setFormError(message);
      },
    });
  };

  return (
    <form className="stack business-number-add" onSubmit={submit} noValidate aria-labelledby="business-number-add-title">
      <h3 id="business-number-add-title">Add a number</h3>
      <FormAlert message={form.formError} />
      <div className="form-grid">
        <TextField
          label="Phone-number id"
          inputMode="numeric"
          autoComplete="off"
          placeholder="106540352242922"
          maxLength={30}
          required
          hint="Meta's id of the number (WhatsApp Manager → Phone numbers, or your app's API setup), not the number itself."
          {...form.field('phoneNumberId')}
        />
        <TextField
          label="Name"
          autoComplete="off"
          maxLength={60}
          placeholder="Sales"
          hint="Optional: what your team calls it."
          {...form.field('name')}
        />
      </div>
      <div className="form-actions">
        <Button type="submit" loading={add.isPending}>
          Add number
        </Button>
      </div>
    </form>
  );
}
