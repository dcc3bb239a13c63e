import http from 'node:http';
import https from 'node:https';
import { tierCustomers } from '@wac/contract/whatsapp-numbers';
import { isBsuid } from '@wac/contract/whatsapp-user-id';
import type { Config } from '../config/config.ts';
import { CloudApiError } from './cloud-api-error.ts';
import { defaultRetry, type RetryOptions, withRetry } from './retry.ts';

export { CloudApiError } from './cloud-api-error.ts';

export type MediaKind = 'image' | 'video' | 'audio' | 'document';

export interface ReplyButton {
  id: string;
  title: string;
}

/** The text around an interactive message's body: a header above it and a footer below (60 characters each at Meta). */
export interface InteractiveFrame {
  header?: string;
  footer?: string;
}

const framed = (frame: InteractiveFrame) => ({
  ...(frame.header ? { header: { type: 'text', text: frame.header } } : {}),
  ...(frame.footer ? { footer: { text: frame.footer } } : {}),
});

export interface ListSection {
  title?: string;
  rows: { id: string; title: string; description?: string }[];
}

export interface MediaInfo {
  url: string;
  mimeType: string;
  sha256: string;
  fileSize: number;
  id: string;
}

export interface CloudApiClientOptions {
  baseUrl: string;
  version: string;
  accessToken: string;
  phoneNumberId: string;
  /** The WhatsApp Business Account that owns the templates. */
  businessAccountId?: string;
  /** The Meta app whose resumable upload takes template header samples. */
  appId?: string;
  retry?: Partial<RetryOptions>;
  /** Per attempt; a hung connection counts as a transient failure. */
  timeoutMs?: number;
}

/** The Graph API of one business number, and `forNumber` for any other number of the same account. */
export type CloudApiClient = ReturnType<typeof numberClient> & {
  /** The client that sends from this phone-number id (made once, then kept). */
  forNumber(phoneNumberId: string): CloudApiClient;
};

interface SendResponse {
  messages?: { id: string }[];
}

/** How one call is tried, where it differs from the client's retry policy. */
export interface CallOptions {
  /** Tries of this call, whatever fails (a worker with a backoff of its own makes one per attempt). */
  attempts?: number;
}

export interface SendOptions {
  /** Meta echoes it in every status webhook of the message (512 characters at most), so a lost answer can be settled. */
  callbackData?: string;
  /**
   * One attempt only, whatever fails. A send whose answer is lost may still have reached Meta, which has no
   * idempotency key: a campaign settles it from Meta's status webhook rather than sending it again.
   */
  once?: boolean;
  /**
   * Through Meta's Marketing Messages API (POST /{phone-number-id}/marketing_messages) rather than /messages: for
   * MARKETING templates, when the business chose it (Settings).
   */
  marketing?: boolean;
  /**
   * Over node:http(s) on kept-alive connections rather than fetch: about a third of the CPU per call, for bursts of
   * sends (bot replies). Errors and retries are the same either way.
   */
  keptAlive?: boolean;
}

/**
 * A business number as Meta reports it: its display number and verified name, quality and throughput, and the messaging
 * limit (unique customers per rolling 24 hours) of the business portfolio, shared by all its numbers.
 */
export interface PhoneNumberLimits {
  /** whatsapp_business_manager_messaging_limit, else the deprecated messaging_limit_tier; 'UNKNOWN' when neither. */
  tier: string;
  /** Null for TIER_UNLIMITED, or a tier this code cannot read. */
  uniqueRecipientsPer24h: number | null;
  throughputLevel: string | null;
  qualityRating: string | null;
  /** The number as customers see it ("+1 555-010-0001"); null when Meta leaves it out. */
  displayPhoneNumber: string | null;
  verifiedName: string | null;
}

/** A template as the Graph API lists it (GET /{waba-id}/message_templates and GET /{template-id}). */
export interface GraphTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components: Record<string, unknown>[];
  parameter_format?: string;
  rejected_reason?: string;
  previous_category?: string;
}

export interface GraphTemplateInput {
  name: string;
  language: string;
  category: string;
  parameter_format?: string;
  components: unknown[];
}

const TEMPLATE_FIELDS = 'id,name,language,status,category,components,parameter_format,rejected_reason,previous_category';

/** TIER_250 → 250, TIER_1K → 1000; null for TIER_UNLIMITED and anything else. */
const NUMBER_FIELDS =
  'whatsapp_business_manager_messaging_limit,messaging_limit_tier,throughput,quality_rating,display_phone_number,verified_name';

/**
 * The Graph API calls the server makes, exactly as Meta documents them; works against Meta or the sandbox. Sends go from
 * `phoneNumberId`; `forNumber` gives the client of another number of the same account.
 */
export function createCloudApiClient(options: CloudApiClientOptions): CloudApiClient {
  const others = new Map<string, CloudApiClient>();
  const client: CloudApiClient = {
    ...numberClient(options),
    forNumber(phoneNumberId: string): CloudApiClient {
      if (phoneNumberId === options.phoneNumberId) return client;
      let other = others.get(phoneNumberId);
      if (!other) {
        other = createCloudApiClient({ ...options, phoneNumberId });
        others.set(phoneNumberId, other);
      }
      return other;
    },
  };
  return client;
}

/** The calls of one business number. */
function numberClient(options: CloudApiClientOptions) {
  const retry: RetryOptions = { ...defaultRetry, ...options.retry };
  const root = `${options.baseUrl.replace(/\/$/, '')}/${options.version}`;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const auth = { authorization: `Bearer ${options.accessToken}` };

  // Network failures are treated like 5xx: the request may not have reached Meta at all.
  const shouldRetry = (err: unknown) => !(err instanceof CloudApiError) || err.retryable;

  const retryOf = (attempts?: number): RetryOptions => (attempts === undefined ? retry : { ...retry, attempts });

  async function call(url: string, init: RequestInit, attempts?: number): Promise<Response> {
    return withRetry(
      async () => {
        const res = await fetch(url, { ...init, headers: { ...auth, ...init.headers }, signal: AbortSignal.timeout(timeoutMs) });
        if (res.ok) return res;
        const body = await res.json().catch(() => undefined);
        throw CloudApiError.fromResponse(res.status, body);
      },
      shouldRetry,
      retryOf(attempts),
    );
  }

  async function callJson<T>(url: string, init: RequestInit, attempts?: number): Promise<T> {
    return (await (await call(url, init, attempts)).json()) as T;
  }

  // Made on the first kept-alive send: a client that never sends that way holds no agents.
  let agents: { http: http.Agent; https: https.Agent } | undefined;
  const postJson = <T>(path: string, payload: unknown, sendOptions: Pick<SendOptions, 'once' | 'keptAlive'> = {}) => {
    const body = JSON.stringify(payload);
    const attempts = sendOptions.once ? 1 : undefined;
    if (!sendOptions.keptAlive) {
      return callJson<T>(`${root}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }, attempts);
    }
    agents ??= { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
    const kept = agents;
    return withRetry(() => postJsonOnce<T>(`${root}/${path}`, body, kept), shouldRetry, retryOf(attempts));
  };

  // The bot's sends go to the same few URLs: each is parsed once.
  const targets = new Map<string, URL>();
  const targetOf = (url: string) => {
    let target = targets.get(url);
    if (!target) {
      target = new URL(url);
      targets.set(url, target);
    }
    return target;
  };

  /** One POST on a kept-alive connection; a plain timer bounds it (an AbortSignal per send costs more than the send). */
  function postJsonOnce<T>(url: string, body: string, agents: { http: http.Agent; https: https.Agent }): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const target = targetOf(url);
      const secure = target.protocol === 'https:';
      const request = (secure ? https : http).request(
        target,
        {
          method: 'POST',
          agent: secure ? agents.https : agents.http,
          headers: { ...auth, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', fail);
          response.on('end', () => {
            clearTimeout(deadline);
            const status = response.statusCode ?? 0;
            const text = Buffer.concat(chunks).toString('utf8');
            if (status < 200 || status >= 300) {
              let parsed: unknown;
              try {
                parsed = JSON.parse(text);
              } catch {
                parsed = undefined;
              }
              reject(CloudApiError.fromResponse(status, parsed));
              return;
            }
            try {
              resolve(JSON.parse(text) as T);
            } catch (err) {
              reject(err);
            }
          });
        },
      );
      const deadline = setTimeout(() => request.destroy(new Error(`No answer from the Graph API within ${timeoutMs} ms`)), timeoutMs);
      function fail(err: Error) {
        clearTimeout(deadline);
        reject(err);
      }
      request.on('error', fail);
      request.end(body);
    });
  }

  const waba = () => {
    if (!options.businessAccountId) throw new Error('The client was made without a WhatsApp Business Account id');
    return options.businessAccountId;
  };

  /** One page of the business's templates; `after` is the cursor of the previous page. */
  function listTemplates(page: { limit?: number; after?: string } = {}) {
    const query = new URLSearchParams({ fields: TEMPLATE_FIELDS, limit: String(page.limit ?? 100) });
    if (page.after) query.set('after', page.after);
    return callJson<{ data: GraphTemplate[]; paging?: { cursors?: { after?: string }; next?: string } }>(
      `${root}/${waba()}/message_templates?${query}`,
      { method: 'GET' },
    );
  }

  /** `to` is a number, or a BSUID for a customer known by no number: Meta takes that one as `recipient`. */
  async function send(to: string, message: Record<string, unknown>, sendOptions: SendOptions = {}): Promise<{ wamid: string }> {
    const res = await postJson<SendResponse>(
      `${options.phoneNumberId}/${sendOptions.marketing ? 'marketing_messages' : 'messages'}`,
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        ...(isBsuid(to) ? { recipient: to } : { to }),
        ...message,
        ...(sendOptions.callbackData === undefined ? {} : { biz_opaque_callback_data: sendOptions.callbackData }),
      },
      sendOptions,
    );
    const wamid = res.messages?.[0]?.id;
    if (!wamid) throw new CloudApiError(502, undefined, 'The Graph API answered without a message id');
    return { wamid };
  }

  return {
    sendText: (to: string, body: string, previewUrl = false, sendOptions?: SendOptions) =>
      send(to, { type: 'text', text: { body, preview_url: previewUrl } }, sendOptions),

    sendMedia(to: string, kind: MediaKind, mediaId: string, caption?: string, filename?: string) {
      // Meta refuses a caption on audio and a filename on anything but documents.
      const media: Record<string, string> = { id: mediaId };
      if (caption && kind !== 'audio') media.caption = caption;
      if (filename && kind === 'document') media.filename = filename;
      return send(to, { type: kind, [kind]: media });
    },

    /** A file Meta fetches from a public URL itself (`link`), as bot flows send theirs; no upload first. */
    sendMediaLink(to: string, kind: MediaKind, link: string, caption?: string, filename?: string, sendOptions?: SendOptions) {
      const media: Record<string, string> = { link };
      if (caption && kind !== 'audio') media.caption = caption;
      if (filename && kind === 'document') media.filename = filename;
      return send(to, { type: kind, [kind]: media }, sendOptions);
    },

    sendButtons: (to: string, body: string, buttons: ReplyButton[], frame: InteractiveFrame = {}, sendOptions?: SendOptions) =>
      send(
        to,
        {
          type: 'interactive',
          interactive: {
            type: 'button',
            ...framed(frame),
            body: { text: body },
            action: { buttons: buttons.map((b) => ({ type: 'reply', reply: { id: b.id, title: b.title } })) },
          },
        },
        sendOptions,
      ),

    sendList: (
      to: string,
      body: string,
      buttonText: string,
      sections: ListSection[],
      frame: InteractiveFrame = {},
      sendOptions?: SendOptions,
    ) =>
      send(
        to,
        {
          type: 'interactive',
          interactive: { type: 'list', ...framed(frame), body: { text: body }, action: { button: buttonText, sections } },
        },
        sendOptions,
      ),

    sendReaction: (to: string, messageId: string, emoji: string) =>
      send(to, { type: 'reaction', reaction: { message_id: messageId, emoji } }),

    /** Marks a customer's message read; `typing` also shows them the typing indicator (until the reply, or 25 s). */
    async markRead(messageId: string, { typing = false } = {}): Promise<void> {
      await postJson(`${options.phoneNumberId}/messages`, {
        messaging_product: 'whatsapp',
        status: 'read',
        message_id: messageId,
        ...(typing ? { typing_indicator: { type: 'text' } } : {}),
      });
    },

    async uploadMedia(buffer: Buffer, mimeType: string, filename: string): Promise<{ id: string }> {
      return callJson<{ id: string }>(`${root}/${options.phoneNumberId}/media`, {
        method: 'POST',
        body: mediaForm(buffer, mimeType, filename),
      });
    },

    async getMediaUrl(mediaId: string, callOptions: CallOptions = {}): Promise<MediaInfo> {
      const res = await callJson<{ url: string; mime_type: string; sha256: string; file_size: number; id: string }>(
        `${root}/${encodeURIComponent(mediaId)}`,
        { method: 'GET' },
        callOptions.attempts,
      );
      return { url: res.url, mimeType: res.mime_type, sha256: res.sha256, fileSize: Number(res.file_size), id: res.id };
    },

    sendTemplate: (to: string, name: string, languageCode: string, components: unknown[], sendOptions?: SendOptions) =>
      send(
        to,
        { type: 'template', template: { name, language: { code: languageCode }, ...(components.length ? { components } : {}) } },
        sendOptions,
      ),

    /** GET /{phone-number-id}: the messaging limit a campaign must stay under, with throughput, quality and the number. */
    async phoneNumberLimits(): Promise<PhoneNumberLimits> {
      const res = await callJson<{
        whatsapp_business_manager_messaging_limit?: string;
        messaging_limit_tier?: string;
        throughput?: { level?: string };
        quality_rating?: string;
        display_phone_number?: string;
        verified_name?: string;
      }>(`${root}/${options.phoneNumberId}?fields=${NUMBER_FIELDS}`, { method: 'GET' });
      // Meta deprecated the per-number tier for the portfolio's limit and may leave either out: then it is unknown, not zero.
      const tier = res.whatsapp_business_manager_messaging_limit ?? res.messaging_limit_tier ?? 'UNKNOWN';
      return {
        tier,
        uniqueRecipientsPer24h: tierCustomers(tier),
        throughputLevel: res.throughput?.level ?? null,
        qualityRating: res.quality_rating ?? null,
        displayPhoneNumber: res.display_phone_number ?? null,
        verifiedName: res.verified_name ?? null,
      };
    },

    /** Submits a template for review: Meta answers with its id and the status it starts in (PENDING, or at once APPROVED/REJECTED). */
    createTemplate: (template: GraphTemplateInput) =>
      postJson<{ id: string; status: string; category: string }>(`${waba()}/message_templates`, template),

    listTemplates,

    /** Every template of the business, page by page. */
    async listAllTemplates(): Promise<GraphTemplate[]> {
      const all: GraphTemplate[] = [];
      let after: string | undefined;
      do {
        const page = await listTemplates({ after });
        all.push(...page.data);
        after = page.paging?.next ? page.paging.cursors?.after : undefined;
      } while (after);
      return all;
    },

    getTemplate: (templateId: string) =>
      callJson<GraphTemplate>(`${root}/${encodeURIComponent(templateId)}?fields=${TEMPLATE_FIELDS}`, { method: 'GET' }),

    /** Edits a submitted template's components; Meta reviews it again. */
    updateTemplate: (templateId: string, edit: { components: unknown[]; category?: string }) =>
      postJson<{ success: boolean }>(encodeURIComponent(templateId), edit),

    /** Deletes a template at Meta: every language of the name, or only the one with `templateId`. */
    async deleteTemplate(name: string, templateId?: string): Promise<void> {
      const query = new URLSearchParams({ name });
      if (templateId) query.set('hsm_id', templateId);
      await callJson(`${root}/${waba()}/message_templates?${query}`, { method: 'DELETE' });
    },

    /** Meta's resumable upload, for template header samples: opens a session, sends the bytes, answers the file handle. */
    async uploadTemplateSample(buffer: Buffer, mimeType: string, filename: string): Promise<{ handle: string }> {
      if (!options.appId) throw new Error('The client was made without a Meta app id');
      const query = new URLSearchParams({ file_name: filename, file_length: String(buffer.length), file_type: mimeType });
      const session = await callJson<{ id: string }>(`${root}/${options.appId}/uploads?${query}`, { method: 'POST' });
      const uploaded = await callJson<{ h: string }>(`${root}/${session.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', file_offset: '0' },
        body: new Uint8Array(buffer),
      });
      return { handle: uploaded.h };
    },

    async downloadMedia(url: string, callOptions: CallOptions = {}): Promise<{ buffer: Buffer; mimeType: string }> {
      const res = await call(url, { method: 'GET' }, callOptions.attempts);
      return {
        buffer: Buffer.from(await res.arrayBuffer()),
        mimeType: res.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
  };
}

/** The client for the configured Graph API: Meta's, or any faithful imitation such as the sandbox. */
export function cloudApiClientFor(whatsapp: Config['whatsapp'], retry?: Partial<RetryOptions>) {
  return createCloudApiClient({
    baseUrl: whatsapp.apiUrl,
    version: whatsapp.apiVersion,
    accessToken: whatsapp.accessToken,
    phoneNumberId: whatsapp.phoneNumberId,
    businessAccountId: whatsapp.businessAccountId,
    appId: whatsapp.appId,
    retry,
  });
}

function mediaForm(buffer: Buffer, mimeType: string, filename: string): FormData {
  const form = new FormData();
  form.set('messaging_product', 'whatsapp');
  form.set('type', mimeType);
  form.set('file', new Blob([new Uint8Array(buffer)], { type: mimeType }), filename);
  return form;
}
