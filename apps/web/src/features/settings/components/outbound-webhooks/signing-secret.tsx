import { OUTBOUND_SIGNATURE_HEADER } from '@wac/contract/outbound-webhooks';
import { SecretOnce } from '../../../../ui/secret-once';

/** A subscription's signing secret, shown once, with how a receiver checks a delivery with it. */
export function SigningSecret({ secret }: { secret: string }) {
  return (
    <div className="stack">
      <SecretOnce label="Signing secret" secret={secret} what="signing secret" />
      <p className="muted">
        Every delivery carries the header <code className="mono">{OUTBOUND_SIGNATURE_HEADER}</code>: <code className="mono">sha256=</code>{' '}
        followed by the hex HMAC-SHA256 of the raw request body with this secret. Compute it on your side and compare before trusting the
        event.
      </p>
    </div>
  );
}
