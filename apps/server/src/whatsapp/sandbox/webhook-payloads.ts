import { createHash, randomBytes } from 'node:crypto';

/** The business number the sandbox plays. */
export interface SandboxBusiness {
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
}

export const unixSeconds = (date = new Date()) => String(Math.floor(date.getTime() / 1000));

export const newWamid = () => `wamid.${randomBytes(24).toString('base64url')}`;

function envelope(business: SandboxBusiness, value: Record<string, unknown>, field = 'messages') {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: business.wabaId,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: business.displayPhoneNumber, phone_number_id: business.phoneNumberId },
              ...value,
            },
            field,
          },
        ],
      },
    ],
  };
}

export interface StatusPayloadInput {
  wamid: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** The customer's number; left out when the business wrote to their BSUID and is not shown their number. */
  recipientId: string | null;
  /** The customer's BSUID (recipient_user_id), sent with every status since 2026. */
  recipientUserId?: string;
  error?: { code: number; title: string; details?: string };
  /** The message's biz_opaque_callback_data, which Meta echoes in each of its statuses. */
  callbackData?: string;
  date?: Date;
  /** What Meta charges for it (per-message pricing): a template's category, else a free service message. */
  pricing?: { category: string; billable: boolean };
}

/** A status webhook as Meta sends it; sent, delivered and read carry the pricing object (per-message pricing, since July 2025). */
export function statusPayload(business: SandboxBusiness, input: StatusPayloadInput) {
  const date = input.date ?? new Date();
  const status: Record<string, unknown> = {
    id: input.wamid,
    status: input.status,
    timestamp: unixSeconds(date),
    ...(input.recipientId === null ? {} : { recipient_id: input.recipientId }),
    ...(input.recipientUserId === undefined ? {} : { recipient_user_id: input.recipientUserId }),
  };
  if (input.callbackData !== undefined) status.biz_opaque_callback_data = input.callbackData;
  if (input.status === 'sent' || input.status === 'delivered') {
    // One conversation id per customer and day, like Meta's 24-hour conversations.
    const day = date.toISOString().slice(0, 10);
    status.conversation = {
      id: createHash('sha256')
        .update(`${input.recipientId ?? input.recipientUserId}:${day}`)
        .digest('hex')
        .slice(0, 32),
      ...(input.status === 'sent' ? { expiration_timestamp: unixSeconds(new Date(date.getTime() + 86_400_000)) } : {}),
      origin: { type: 'service' },
    };
  }
  if (input.status !== 'failed') {
    const pricing = input.pricing ?? { category: 'service', billable: false };
    status.pricing = {
      billable: pricing.billable,
      pricing_model: 'PMP',
      category: pricing.category,
      type: pricing.billable ? 'regular' : 'free_customer_service',
    };
  }
  if (input.error) {
    status.errors = [
      {
        code: input.error.code,
        title: input.error.title,
        message: input.error.title,
        error_data: { details: input.error.details ?? input.error.title },
      },
    ];
  }
  return envelope(business, { statuses: [status] });
}

/**
 * An inbound customer message webhook; `message` holds the type-specific part (`{ type, text: {...} }`...). A customer
 * written without a name comes with no profile name, as from a WhatsApp user who set none: the console keeps a name it
 * knew and shows a nameless contact as such, rather than taking the number for a name.
 */
export function inboundPayload(
  business: SandboxBusiness,
  input: {
    /** The customer's number, or null when they hide it (a username customer): the webhook then names only the BSUID. */
    from: string | null;
    /** The customer's BSUID (user_id), in every messages webhook since 2026. */
    userId?: string;
    username?: string | null;
    name?: string;
    wamid: string;
    date?: Date;
    message: Record<string, unknown>;
  },
) {
  const profile = { ...(input.name ? { name: input.name } : {}), ...(input.username ? { username: input.username } : {}) };
  const number = input.from === null ? {} : { wa_id: input.from };
  const userId = input.userId === undefined ? {} : { user_id: input.userId };
  return envelope(business, {
    contacts: [{ ...(Object.keys(profile).length > 0 ? { profile } : {}), ...number, ...userId }],
    messages: [
      {
        ...(input.from === null ? {} : { from: input.from }),
        ...(input.userId === undefined ? {} : { from_user_id: input.userId }),
        id: input.wamid,
        timestamp: unixSeconds(input.date),
        ...input.message,
      },
    ],
  });
}

/**
 * A customer stopping or resuming the business's marketing messages in WhatsApp's settings (user_preferences); a
 * customer hiding their number is named by BSUID alone.
 */
export function userPreferencePayload(business: SandboxBusiness, input: { from: string | null; userId: string; stop: boolean }) {
  const number = input.from === null ? {} : { wa_id: input.from };
  return envelope(
    business,
    {
      contacts: [{ ...number, user_id: input.userId }],
      user_preferences: [
        {
          ...number,
          user_id: input.userId,
          detail: input.stop ? 'User requested to stop marketing messages' : 'User requested to resume marketing messages',
          category: 'marketing_messages',
          value: input.stop ? 'stop' : 'resume',
          timestamp: Number(unixSeconds()),
        },
      ],
    },
    'user_preferences',
  );
}
