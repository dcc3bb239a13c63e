// The settings keys and defaults of spec 3, free of zod so every screen can read them cheaply.
export const DEFAULT_APP_NAME = 'WhatsApp Agent Chat';
export const DEFAULT_APP_DESCRIPTION = 'Professional WhatsApp Business API Management Platform';

export const dateFormats = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD-MM-YYYY', 'MMM DD, YYYY', 'MMMM DD, YYYY'] as const;
export const timeFormats = ['12h', '24h'] as const;

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
} as const;
export type AppSettingKey = keyof typeof appSettingDefaults;
export type AppSettings = { [K in AppSettingKey]: string };
export const appSettingKeys = Object.keys(appSettingDefaults) as AppSettingKey[];
