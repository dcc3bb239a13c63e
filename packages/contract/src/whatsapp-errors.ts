/** What the console tells an agent about a Cloud API error: Meta's title and what to do next. */
export interface WhatsAppErrorInfo {
  title: string;
  explanation: string;
  retryable: boolean;
}

export type GraphErrorClass = 'rate_limit' | 'transient' | 'permanent';

export const whatsappErrors: Record<number, WhatsAppErrorInfo> = {
  100: {
    title: 'Invalid parameter',
    explanation: 'The message was rejected as malformed. Check the recipient number and the content, then send it again.',
    retryable: false,
  },
  190: {
    title: 'Access token has expired',
    explanation: 'The WhatsApp access token is no longer valid. Ask an admin to renew it; nothing can be sent until then.',
    retryable: false,
  },
  368: {
    title: 'Temporarily blocked for policies violations',
    explanation: 'Meta has restricted this number for policy reasons. Ask an admin to check the account quality in WhatsApp Manager.',
    retryable: false,
  },
  130429: {
    title: 'Rate limit hit',
    explanation: 'Too many messages were sent in a short time. It is retried automatically; wait a moment before sending more.',
    retryable: true,
  },
  131000: {
    title: 'Something went wrong',
    explanation: 'Meta had an unexpected problem. It is retried automatically; if it keeps failing, try again later.',
    retryable: true,
  },
  131005: {
    title: 'Access denied',
    explanation: 'The account lacks the permission to send this. Ask an admin to check the app permissions in Meta.',
    retryable: false,
  },
  131008: {
    title: 'Required parameter is missing',
    explanation: 'Part of the message is missing. Fill in every required field and send it again.',
    retryable: false,
  },
  131009: {
    title: 'Parameter value is not valid',
    explanation: 'A value in the message is not accepted, such as a button title that is too long. Correct it and send again.',
    retryable: false,
  },
  131026: {
    title: 'Message undeliverable',
    explanation: 'The number may not be on WhatsApp, or it uses an old app version. Check the number or reach the customer another way.',
    retryable: false,
  },
  131047: {
    title: 'Re-engagement message',
    explanation: 'More than 24 hours have passed since the customer last wrote. Send an approved template to reopen the conversation.',
    retryable: false,
  },
  131051: {
    title: 'Unsupported message type',
    explanation: 'WhatsApp does not support this kind of message. Send it as text or as a supported media type instead.',
    retryable: false,
  },
  131052: {
    title: 'Media download error',
    explanation: "The customer's media could not be downloaded. Ask the customer to send it again.",
    retryable: false,
  },
  131053: {
    title: 'Media upload error',
    explanation: 'The file could not be uploaded. Check its type and size against WhatsApp limits, then attach it again.',
    retryable: false,
  },
  131056: {
    title: 'Pair rate limit hit',
    explanation: 'Too many messages went to this customer in a short time. It is retried automatically; slow down for this customer.',
    retryable: true,
  },
  132000: {
    title: 'Template parameter count mismatch',
    explanation: "The template's variables do not match what it expects. Fill in every variable of the template.",
    retryable: false,
  },
  132001: {
    title: 'Template does not exist',
    explanation: 'The template is missing, not approved yet, or not in this language. Pick an approved template.',
    retryable: false,
  },
  133010: {
    title: 'Phone number not registered',
    explanation: 'The business phone number is not registered with the Cloud API. Ask an admin to finish registration.',
    retryable: false,
  },
};

const RATE_LIMIT_CODES = new Set([130429, 131056]);
const TRANSIENT_CODES = new Set([131000]);

/** Decides whether a failed Graph call is worth retrying, and how. */
export function classifyGraphError(httpStatus: number, code: number | undefined): GraphErrorClass {
  if (httpStatus === 429 || (code !== undefined && RATE_LIMIT_CODES.has(code))) return 'rate_limit';
  if (httpStatus >= 500 || (code !== undefined && TRANSIENT_CODES.has(code))) return 'transient';
  return 'permanent';
}

/** Meta's title and our explanation; unknown codes fall back to Meta's own message. */
export function describeWhatsAppError(code: number | undefined, fallbackMessage?: string): WhatsAppErrorInfo {
  const known = code === undefined ? undefined : whatsappErrors[code];
  if (known) return known;
  return {
    title: fallbackMessage || 'WhatsApp error',
    explanation: 'WhatsApp refused this message. Check the details, then try again or contact an admin if it keeps happening.',
    retryable: false,
  };
}
