// The settings keys and defaults of spec 3, free of zod so every screen can read them cheaply.
import type { BusinessHours } from './business-hours.ts';

export const DEFAULT_APP_NAME = 'WhatsApp Agent Chat';
export const DEFAULT_APP_DESCRIPTION = 'Professional WhatsApp Business API Management Platform';

export const dateFormats = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD-MM-YYYY', 'MMM DD, YYYY', 'MMMM DD, YYYY'] as const;
export const timeFormats = ['12h', '24h'] as const;

/** Words a customer sends on their own to stop campaigns (carriers' and Meta's usual set). */
export const DEFAULT_OPT_OUT_KEYWORDS: readonly string[] = [
  'STOP',
  'STOP ALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPT OUT',
  'OPTOUT',
];
/** Words that take a customer who opted out back in. */
export const DEFAULT_OPT_IN_KEYWORDS: readonly string[] = ['START', 'UNSTOP', 'SUBSCRIBE'];
/** What a customer writing an opt-out word gets back, instead of anything a bot would say. */
export const DEFAULT_OPT_OUT_CONFIRMATION = 'You have unsubscribed and will get no more messages from us. Reply START to subscribe again.';
/** What a customer who had opted out gets back for an opt-in word. */
export const DEFAULT_OPT_IN_CONFIRMATION = 'You have subscribed again. Reply STOP to unsubscribe.';
export const OPT_CONFIRMATION_MAX_LENGTH = 1024;
/**
 * The keywords campaigns and the bot go by, as the settings hold them: a customer whose last such word was an opt-out
 * one is opted out (skipped by campaigns).
 */
export interface OptKeywords {
  optOut: string[];
  optIn: string[];
}
/** The keywords with the confirmations each kind gets (blank: none), as the webhook intake answers them. */
export interface OptOutSettings extends OptKeywords {
  optOutConfirmation: string;
  optInConfirmation: string;
}
export const KEYWORD_MAX_LENGTH = 30;
/** Hosts a bot flow's HTTP actions, or an outbound webhook, may reach although they resolve to private addresses (an intranet API, 127.0.0.1). */
export const ALLOWED_HOSTS_MAX_COUNT = 50;
export const ALLOWED_HOST_MAX_LENGTH = 260;
export const KEYWORDS_MAX_COUNT = 50;
/** The business hours before an admin sets them (business-hours.ts): switched off, Monday to Friday 09:00-17:00 once on. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  enabled: false,
  days: [
    null,
    { start: '09:00', end: '17:00' },
    { start: '09:00', end: '17:00' },
    { start: '09:00', end: '17:00' },
    { start: '09:00', end: '17:00' },
    { start: '09:00', end: '17:00' },
    null,
  ],
};

export const appSettingDefaults = {
  'app.name': DEFAULT_APP_NAME,
  'app.description': DEFAULT_APP_DESCRIPTION,
  'app.url': '',
  'app.terms_url': '',
  'app.privacy_url': '',
  'app.support_email': '',
  'app.date_format': 'YYYY-MM-DD',
  'app.time_format': '24h',
  'app.timezone': 'UTC',
  'app.language': 'en',
  'app.currency': 'USD',
  'app.logo_url': '',
  'app.favicon_url': '',
  'app.opt_out_keywords': DEFAULT_OPT_OUT_KEYWORDS,
  'app.opt_in_keywords': DEFAULT_OPT_IN_KEYWORDS,
  'app.opt_out_confirmation': DEFAULT_OPT_OUT_CONFIRMATION,
  'app.opt_in_confirmation': DEFAULT_OPT_IN_CONFIRMATION,
  /** `host` (any port), `host:port` or `[::1]:8080`; public addresses need no entry (flow-http.ts). */
  'flows.allowed_hosts': [] as readonly string[],
  /** The same for outbound webhook URLs, checked when one is saved and at each delivery (outbound-webhooks module). */
  'webhooks.allowed_hosts': [] as readonly string[],
  /**
   * 'on': opening a conversation sends Meta a read receipt for the customer's latest message, and an agent typing shows
   * the customer WhatsApp's typing indicator (which travels in a read receipt); 'off' sends neither.
   */
  'app.read_receipts': 'on',
  /** 'on': MARKETING templates go through Meta's Marketing Messages API (/marketing_messages); 'off': all through /messages. */
  'app.marketing_messages_api': 'off',
  /** The weekly schedule analytics read waiting times "within business hours" by; the rollups rebuild what depends on it when it changes. */
  'analytics.businessHours': DEFAULT_BUSINESS_HOURS,
} as const;
export type AppSettingKey = keyof typeof appSettingDefaults;
/** The settings held as a list of words rather than one text. */
export const appSettingListKeys = ['app.opt_out_keywords', 'app.opt_in_keywords', 'flows.allowed_hosts', 'webhooks.allowed_hosts'] as const;
export type AppSettingListKey = (typeof appSettingListKeys)[number];
/** The settings held as a structure of their own, checked by their own schema. */
export type AppSettingObjectKey = 'analytics.businessHours';
export type AppSettingTextKey = Exclude<AppSettingKey, AppSettingListKey | AppSettingObjectKey>;
export type AppSettings = {
  [K in AppSettingKey]: K extends AppSettingListKey ? readonly string[] : K extends AppSettingObjectKey ? BusinessHours : string;
};
export const appSettingKeys = Object.keys(appSettingDefaults) as AppSettingKey[];

/** Settings only admins read: GET /api/app/public answers them empty. */
export const privateAppSettingKeys = ['flows.allowed_hosts', 'webhooks.allowed_hosts'] as const satisfies readonly AppSettingKey[];

export function isListSetting(key: AppSettingKey): key is AppSettingListKey {
  return (appSettingListKeys as readonly string[]).includes(key);
}

/**
 * A keyword as campaigns compare it: trimmed, runs of spaces as one, upper case. Kept here so that the settings form,
 * the server's validation and the opt-out lookup agree.
 */
export function normalizeKeyword(keyword: string): string {
  return keyword.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** Each keyword normalized and kept once, in the order given. */
export function normalizeKeywords(keywords: readonly string[]): string[] {
  return [...new Set(keywords.map(normalizeKeyword))];
}
