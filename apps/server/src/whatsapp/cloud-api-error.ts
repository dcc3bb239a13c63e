import { classifyGraphError, describeWhatsAppError, type GraphErrorClass } from '@wac/contract/whatsapp-errors';

/** Meta's error body: `{ error: { message, type, code, error_subcode, error_data: { details }, fbtrace_id } }`. */
export interface GraphErrorBody {
  error?: {
    message?: string;
    type?: string;
    code?: number;
    error_subcode?: number;
    error_data?: { details?: string };
    fbtrace_id?: string;
  };
}

/** A failed Graph call with Meta's code, its title and what the agent can do next. */
export class CloudApiError extends Error {
  readonly title: string;
  readonly explanation: string;
  readonly kind: GraphErrorClass;

  constructor(
    readonly httpStatus: number,
    readonly code: number | undefined,
    readonly metaMessage: string,
    readonly details?: string,
    readonly subcode?: number,
    readonly fbtraceId?: string,
  ) {
    const info = describeWhatsAppError(code, metaMessage);
    super(`${info.title}${code === undefined ? '' : ` (${code})`}: ${info.explanation}`);
    this.name = 'CloudApiError';
    this.title = info.title;
    this.explanation = info.explanation;
    this.kind = classifyGraphError(httpStatus, code);
  }

  get retryable(): boolean {
    return this.kind !== 'permanent';
  }

  static fromResponse(httpStatus: number, body: unknown): CloudApiError {
    const error = (body as GraphErrorBody | undefined)?.error;
    return new CloudApiError(
      httpStatus,
      typeof error?.code === 'number' ? error.code : undefined,
      error?.message ?? `HTTP ${httpStatus}`,
      error?.error_data?.details,
      error?.error_subcode,
      error?.fbtrace_id,
    );
  }
}
