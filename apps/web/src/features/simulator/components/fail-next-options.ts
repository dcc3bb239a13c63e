import { describeWhatsAppError } from '@wac/contract/whatsapp-errors';
import type { FailNextRequest } from '../api/fail-next';

/** The Graph errors worth rehearsing: undeliverable, outside the 24-hour window, unsupported, rate limited, malformed. */
export const failureCodes = [131026, 131047, 131051, 130429, 100] as const;

export const failureCodeLabel = (code: number) => `${code} — ${describeWhatsAppError(code).title}`;

/** Meta answers a rate limit with HTTP 429 and everything else here with 400. */
export function failNextBody(request: FailNextRequest) {
  return { ...request, httpStatus: request.code === 130429 ? 429 : 400 };
}
