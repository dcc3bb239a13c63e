import { describe, expect, it } from 'vitest';
import { appSettingsUpdateSchema } from './app-settings.ts';
import { appSettingDefaults, dateFormats } from './app-settings-defaults.ts';

const check = (settings: Record<string, unknown>) => appSettingsUpdateSchema.safeParse(settings);
const message = (settings: Record<string, unknown>) => check(settings).error?.issues[0]?.message;

describe('app settings defaults (spec 3)', () => {
  it('has the spec defaults', () => {
    expect(appSettingDefaults).toMatchObject({
      'app.name': 'WhatsApp Agent Chat',
      'app.description': 'Professional WhatsApp Business API Management Platform',
      'app.date_format': 'YYYY-MM-DD',
      'app.time_format': '24h',
      'app.timezone': 'UTC',
      'app.language': 'en',
      'app.currency': 'USD',
      'app.opt_out_keywords': ['STOP', 'STOP ALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPT OUT', 'OPTOUT'],
      'app.opt_in_keywords': ['START', 'UNSTOP', 'SUBSCRIBE'],
    });
  });

  it('accepts every default as a valid value', () => {
    expect(check(appSettingDefaults).success).toBe(true);
  });
});

describe('appSettingsUpdateSchema', () => {
  it('accepts a partial update', () => {
    expect(check({}).success).toBe(true);
    expect(check({ 'app.name': 'Acme Support' }).data).toEqual({ 'app.name': 'Acme Support' });
  });

  it('refuses unknown keys', () => {
    expect(check({ 'app.colour': 'red' }).success).toBe(false);
  });

  it.each(dateFormats)('accepts the date format %s', (format) => {
    expect(check({ 'app.date_format': format }).success).toBe(true);
  });

  it('refuses other date formats', () => {
    for (const format of ['YYYY/MM/DD', 'dd/mm/yyyy', '', 'MMM D, YYYY']) {
      expect(message({ 'app.date_format': format })).toContain('Date format must be one of');
    }
  });

  it('accepts 12h and 24h only', () => {
    expect(check({ 'app.time_format': '12h' }).success).toBe(true);
    expect(check({ 'app.time_format': '24h' }).success).toBe(true);
    for (const format of ['12', '24', 'am/pm', '']) expect(message({ 'app.time_format': format })).toBe('Time format must be 12h or 24h');
  });

  it('accepts IANA timezones and refuses others', () => {
    for (const zone of ['UTC', 'Europe/Paris', 'America/Sao_Paulo', 'Asia/Kolkata'])
      expect(check({ 'app.timezone': zone }).success).toBe(true);
    for (const zone of ['Mars/Olympus', 'GMT+25', '', 'Europe/Nowhere']) {
      expect(message({ 'app.timezone': zone })).toBe('Timezone must be an IANA timezone such as Europe/Paris');
    }
  });

  it('accepts ISO 4217 currencies and refuses others', () => {
    for (const code of ['USD', 'EUR', 'BRL', 'JPY', 'INR']) expect(check({ 'app.currency': code }).success).toBe(true);
    for (const code of ['usd', 'US', 'DOLLAR', 'ZZZ', ''])
      expect(message({ 'app.currency': code })).toBe('Currency must be an ISO 4217 code such as USD');
  });

  it('accepts language codes and refuses others', () => {
    for (const code of ['en', 'pt', 'pt-BR', 'fil']) expect(check({ 'app.language': code }).success).toBe(true);
    for (const code of ['EN', 'english', 'pt_BR', 'pt-br', '']) {
      expect(message({ 'app.language': code })).toBe('Language must be a language code such as en or pt-BR');
    }
  });

  it('accepts http(s) URLs, paths and blanks, and refuses others', () => {
    for (const url of ['https://example.com/terms', 'http://localhost:3000', '/terms', '']) {
      expect(check({ 'app.terms_url': url, 'app.logo_url': url }).success).toBe(true);
    }
    for (const url of ['javascript:alert(1)', 'ftp://example.com', 'example.com', 'https://exa mple.com']) {
      expect(message({ 'app.privacy_url': url })).toBe('Privacy URL must be an http(s) URL or a path starting with /');
    }
  });

  it('checks the support email, the name and the description', () => {
    expect(check({ 'app.support_email': 'help@example.com' }).success).toBe(true);
    expect(check({ 'app.support_email': '' }).success).toBe(true);
    expect(message({ 'app.support_email': 'help' })).toBe('Support email must be a valid email address');
    expect(message({ 'app.name': '  ' })).toBe('App name is required');
    expect(message({ 'app.name': 'x'.repeat(101) })).toBe('App name must be at most 100 characters');
    expect(message({ 'app.description': 'x'.repeat(501) })).toBe('App description must be at most 500 characters');
  });

  it('stores keywords trimmed, upper-cased and once each, in the order given', () => {
    expect(check({ 'app.opt_out_keywords': [' stop ', 'Stop', 'opt   out', 'END'], 'app.opt_in_keywords': [] }).data).toEqual({
      'app.opt_out_keywords': ['STOP', 'OPT OUT', 'END'],
      'app.opt_in_keywords': [],
    });
  });

  it('refuses blank, too long, too many and non-text keywords, naming the setting', () => {
    expect(message({ 'app.opt_out_keywords': ['STOP', '  '] })).toBe('Opt-out keywords must not contain blank entries');
    expect(message({ 'app.opt_in_keywords': ['x'.repeat(31)] })).toBe(
      `Opt-in keywords must be at most 30 characters each ("${'X'.repeat(31)}" is not)`,
    );
    expect(check({ 'app.opt_in_keywords': ['x'.repeat(30)] }).success).toBe(true);
    expect(message({ 'app.opt_out_keywords': Array.from({ length: 51 }, (_, i) => `WORD${i}`) })).toBe(
      'Opt-out keywords must be at most 50 words',
    );
    // Counted once normalized: duplicates do not use up the 50.
    expect(check({ 'app.opt_out_keywords': Array.from({ length: 60 }, (_, i) => `word${i % 50}`) }).success).toBe(true);
    expect(message({ 'app.opt_out_keywords': 'STOP' })).toBe('Opt-out keywords must be a list of words');
    expect(check({ 'app.opt_out_keywords': ['STOP', 'x'.repeat(31)] }).error?.issues[0]?.path).toEqual(['app.opt_out_keywords']);
  });

  it('names each bad setting when several are wrong', () => {
    const result = check({ 'app.time_format': '25h', 'app.currency': 'XYZW', 'app.timezone': 'Nowhere' });
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['app.currency', 'app.time_format', 'app.timezone']);
  });
});
