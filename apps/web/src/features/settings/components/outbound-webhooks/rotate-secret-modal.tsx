import type { OutboundWebhook } from '@wac/contract/outbound-webhooks';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { FormAlert } from '../../../../ui/form-alert';
import { Modal } from '../../../../ui/modal';
import { useRotateOutboundWebhookSecret } from '../../api/rotate-outbound-webhook-secret';
import { SigningSecret } from './signing-secret';

/** Asks first (the old secret stops signing at once), then shows the new secret once. */
export function RotateSecretModal({ webhook, onClose }: { webhook: OutboundWebhook | null; onClose: () => void }) {
  const rotate = useRotateOutboundWebhookSecret();
  const [shown, setShown] = useState(webhook);
  if (webhook && webhook !== shown) setShown(webhook);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!webhook) return;
    setSecret(null);
    setError(null);
  }, [webhook]);

  async function confirm() {
    if (!webhook) return;
    setError(null);
    try {
      setSecret((await rotate.mutateAsync(webhook.id)).secret);
    } catch (err) {
      setError(errorMessage(err, 'Failed to rotate the signing secret'));
    }
  }

  return (
    <Modal
      open={webhook !== null}
      onClose={onClose}
      title="Rotate signing secret"
      size={secret ? 'lg' : 'sm'}
      footer={
        secret ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={rotate.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirm} loading={rotate.isPending}>
              Rotate secret
            </Button>
          </>
        )
      }
    >
      {secret ? (
        <SigningSecret secret={secret} />
      ) : (
        <div className="stack">
          <FormAlert message={error} />
          <p>
            Make a new signing secret for <strong className="mono">{shown?.url}</strong>? Deliveries are signed with the new one from now
            on, so update your receiver right away.
          </p>
        </div>
      )}
    </Modal>
  );
}
