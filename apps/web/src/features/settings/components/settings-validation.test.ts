import { type AppSettings, appSettingDefaults } from '@wac/contract/app-settings-defaults';
import { describe, expect, it } from 'vitest';
import { changedAppSettings, validateAppSettings } from './settings-validation';

const saved: AppSettings = { ...appSettingDefaults };

describe('app settings', () => {
  it('sends only what changed', () => {
    expect(changedAppSettings(saved, { ...saved, 'app.name': 'Acme Chat' })).toEqual({ 'app.name': 'Acme Chat' });
    expect(changedAppSettings(saved, saved)).toEqual({});
  });

  it('names the field of each problem with the contract texts', () => {
    const { data, errors } = validateAppSettings({
      'app.name': ' ',
      'app.terms_url': 'ftp://x',
      'app.support_email': 'help',
      'app.timezone': 'Mars/Base',
      'app.currency': 'usd',
      'app.language': 'English',
    });
    expect(data).toBeUndefined();
    expect(errors).toEqual({
      'app.name': 'App name is required',
      'app.terms_url': 'Terms URL must be an http(s) URL or a path starting with /',
      'app.support_email': 'Support email must be a valid email address',
      'app.timezone': 'Timezone must be an IANA timezone such as Europe/Paris',
      'app.currency': 'Currency must be an ISO 4217 code such as USD',
      'app.language': 'Language must be a language code such as en or pt-BR',
    });
  });

  it('accepts good values', () => {
    const { data, errors } = validateAppSettings({ 'app.timezone': 'Europe/Paris', 'app.currency': 'EUR', 'app.language': 'pt-BR' });
    expect(errors).toEqual({});
    expect(data).toEqual({ 'app.timezone': 'Europe/Paris', 'app.currency': 'EUR', 'app.language': 'pt-BR' });
  });

  it('sends keyword lists without blank lines, and only when the words changed', () => {
    const same = { ...saved, 'app.opt_in_keywords': ['start', '', ' unstop ', 'Subscribe', ''] };
    expect(changedAppSettings(saved, same)).toEqual({});
    const edited = { ...saved, 'app.opt_in_keywords': ['start', '', ' volver '] };
    expect(changedAppSettings(saved, edited)).toEqual({ 'app.opt_in_keywords': ['start', 'volver'] });
    expect(changedAppSettings(saved, { ...saved, 'app.opt_out_keywords': ['', '  '] })).toEqual({ 'app.opt_out_keywords': [] });
  });

  it('normalizes keyword lists and names the list of a bad keyword', () => {
    expect(validateAppSettings({ 'app.opt_out_keywords': ['stop', 'Stop', 'basta'] }).data).toEqual({
      'app.opt_out_keywords': ['STOP', 'BASTA'],
    });
    const tooMany = Array.from({ length: 51 }, (_, i) => `word ${i}`);
    expect(validateAppSettings({ 'app.opt_out_keywords': tooMany, 'app.opt_in_keywords': ['x'.repeat(31)] }).errors).toEqual({
      'app.opt_out_keywords': 'Opt-out keywords must be at most 50 words',
      'app.opt_in_keywords': `Opt-in keywords must be at most 30 characters each ("${'X'.repeat(31)}" is not)`,
    });
  });
});
