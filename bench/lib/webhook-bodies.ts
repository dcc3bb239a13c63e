import { inboundPayload, type SandboxBusiness } from '../../apps/server/src/whatsapp/sandbox/webhook-payloads.ts';
import { signPayload } from '../../apps/server/src/whatsapp/webhook-signature.ts';

/**
 * The business the benchmarks play Meta for. The server is started with these as its WhatsApp credentials and a
 * WHATSAPP_API_URL of its own, so it runs as in production ('live' mode): no sandbox is mounted and nothing posts back.
 */
export const benchBusiness: SandboxBusiness = {
  wabaId: '300000000000001',
  phoneNumberId: '300000000000002',
  displayPhoneNumber: '15550009999',
};

export const WEBHOOK_SECRET = 'bench-app-secret-0123456789abcdef';

export function liveWhatsappEnv(): Record<string, string> {
  return {
    WHATSAPP_APP_SECRET: WEBHOOK_SECRET,
    WHATSAPP_VERIFY_TOKEN: 'bench-verify-token',
    WHATSAPP_ACCESS_TOKEN: 'bench-access-token',
    WHATSAPP_PHONE_NUMBER_ID: benchBusiness.phoneNumberId,
    WHATSAPP_BUSINESS_ACCOUNT_ID: benchBusiness.wabaId,
    // Never called for text messages; port 9 (discard) on loopback refuses anything that tries.
    WHATSAPP_API_URL: 'http://127.0.0.1:9',
  };
}

/** A customer's UK mobile number, one of `customers` distinct ones. */
export const customerPhone = (n: number, customers: number) => `447700${String(n % customers).padStart(6, '0')}`;

export interface SignedBody {
  body: string;
  signature: string;
}

/** An inbound text message webhook exactly as Meta shapes it, with its X-Hub-Signature-256. */
export function signedTextWebhook(input: { wamid: string; from: string; text: string; secret?: string }): SignedBody {
  const payload = inboundPayload(benchBusiness, {
    from: input.from,
    name: `Customer ${input.from.slice(-4)}`,
    wamid: input.wamid,
    message: { type: 'text', text: { body: input.text } },
  });
  const body = JSON.stringify(payload);
  return { body, signature: signPayload(body, input.secret ?? WEBHOOK_SECRET) };
}

/** A wamid in Meta's style (wamid. + base64url), unique per run and sequence number. */
export const benchWamid = (run: string, seq: number) =>
  `wamid.${Buffer.from(`HBgL${run}:${seq.toString().padStart(9, '0')}:bench-inbound`).toString('base64url')}`;

/** Distinct customers the webhook benchmarks' messages come from, in turn. */
export const WEBHOOK_CUSTOMERS = 10_000;

/** One well-signed event must be accepted and one tampered with refused, or the figures would measure the wrong thing. */
export async function preflightWebhook(baseUrl: string): Promise<void> {
  const { body, signature } = signedTextWebhook({
    wamid: benchWamid('preflight', 0),
    from: customerPhone(0, WEBHOOK_CUSTOMERS),
    text: 'hello',
  });
  const post = (sig: string) =>
    fetch(`${baseUrl}/api/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sig },
      body,
      signal: AbortSignal.timeout(10_000),
    });
  const good = await post(signature);
  const bad = await post(signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')));
  if (good.status !== 200 || bad.status !== 401) throw new Error(`preflight: signed ${good.status}, tampered ${bad.status}`);
  const sandbox = await fetch(`${baseUrl}/sandbox/graph/v21.0/${'x'}/messages`, { method: 'POST', signal: AbortSignal.timeout(10_000) });
  if (sandbox.status !== 404) throw new Error(`preflight: the sandbox is mounted (HTTP ${sandbox.status}); expected live mode`);
}
