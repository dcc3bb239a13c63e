import { type OutboundWebhook, outboundEventLabels, outboundEvents } from '@wac/contract/outbound-webhooks';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { serverFieldErrors } from '../../../../lib/form-errors';
import { useFormFields } from '../../../../lib/use-form-fields';
import { Button } from '../../../../ui/button';
import { CheckboxGroup } from '../../../../ui/checkbox-group';
import { FormAlert } from '../../../../ui/form-alert';
import { Modal } from '../../../../ui/modal';
import { TextField } from '../../../../ui/text-field';
import { useToast } from '../../../../ui/toasts';
import { type OutboundWebhookCreated, useCreateOutboundWebhook, useUpdateOutboundWebhook } from '../../api/save-outbound-webhook';
import { emptyOutboundWebhookForm, formValuesOf, outboundWebhookBodyOf, outboundWebhookFields } from './outbound-webhook-form-values';
import { SigningSecret } from './signing-secret';

interface OutboundWebhookFormModalProps {
  open: boolean;
  /** Absent: a new subscription, whose signing secret the modal then shows once. */
  webhook?: OutboundWebhook;
  onClose: () => void;
}

/** Adds or edits a subscription: where to POST, which events, a note; a new one ends on its signing secret. */
export function OutboundWebhookFormModal({ open, webhook, onClose }: OutboundWebhookFormModalProps) {
  const id = useId();
  const create = useCreateOutboundWebhook();
  const update = useUpdateOutboundWebhook();
  const toast = useToast();
  const { values, errors, setErrors, formError, setFormError, set, reset, field } = useFormFields(emptyOutboundWebhookForm);
  const [created, setCreated] = useState<OutboundWebhookCreated | null>(null);
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    reset(webhook ? formValuesOf(webhook) : emptyOutboundWebhookForm);
    setCreated(null);
  }, [open, webhook, reset]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    const { body, errors: found } = outboundWebhookBodyOf(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      if (webhook) {
        await update.mutateAsync({ id: webhook.id, body });
        toast.show({ type: 'success', title: 'Outbound webhook saved' });
        onClose();
      } else {
        setCreated(await create.mutateAsync(body));
      }
    } catch (error) {
      const server = serverFieldErrors(error, outboundWebhookFields);
      setErrors(server.fields);
      setFormError(server.message ?? null);
    }
  }

  if (created) {
    return (
      <Modal open={open} onClose={onClose} title="Outbound webhook added" size="lg" footer={<Button onClick={onClose}>Done</Button>}>
        <SigningSecret secret={created.secret} />
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={webhook ? 'Edit outbound webhook' : 'Add outbound webhook'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} loading={saving}>
            {webhook ? 'Save' : 'Add webhook'}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="stack" onSubmit={submit} noValidate aria-label="Outbound webhook">
        <FormAlert message={formError} />
        <TextField
          label="URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://shop.example.com/whatsapp-events"
          required
          {...field('url')}
          hint="Where each event is POSTed as JSON. Private, loopback and link-local addresses are refused unless the server allows the host."
        />
        <CheckboxGroup
          legend="Events"
          options={outboundEvents.map((event) => ({ value: event, label: outboundEventLabels[event] }))}
          value={values.events}
          onChange={(events) => set('events', events)}
          error={errors.events}
        />
        <TextField label="Description" maxLength={200} {...field('description')} hint="Optional: what receives these events." />
        <label className="checkbox">
          <input type="checkbox" checked={values.active} onChange={(e) => set('active', e.target.checked)} />
          Active: events are sent
        </label>
      </form>
    </Modal>
  );
}
