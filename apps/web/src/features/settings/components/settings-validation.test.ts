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
});
