import { type AppSettings, appSettingDefaults } from '@wac/contract/app-settings-defaults';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  changedAppSettings,
  serverFieldErrors,
  validateAppSettings,
  validateEmailTemplate,
  validateSmtpSettings,
} from './settings-validation';

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

describe('SMTP settings', () => {
  const values = {
    enabled: true,
    host: 'smtp.example.com',
    port: '587',
    secure: false,
    user: 'mailer',
    password: '',
    from: 'Acme <no-reply@example.com>',
    requireVerification: false,
  };

  it('leaves an empty password out so the stored one is kept', () => {
    const { data } = validateSmtpSettings(values);
    expect(data).toBeDefined();
    expect(data && 'password' in data).toBe(false);
    expect(validateSmtpSettings({ ...values, password: 'pw' }).data?.password).toBe('pw');
  });

  it('checks port, host and from', () => {
    expect(validateSmtpSettings({ ...values, port: '' }).errors.port).toBe('SMTP port must be a number');
    expect(validateSmtpSettings({ ...values, port: '70000' }).errors.port).toBe('SMTP port must be between 1 and 65535');
    expect(validateSmtpSettings({ ...values, host: '' }).errors.host).toBe('SMTP host is required to send through this server');
    expect(validateSmtpSettings({ ...values, enabled: false, host: '' }).errors.host).toBeUndefined();
    expect(validateSmtpSettings({ ...values, from: 'nobody' }).errors.from).toBe(
      'From must be an email address, optionally as Name <email>',
    );
  });
});

describe('email templates', () => {
  it('requires subject, text and the link where there is one', () => {
    expect(validateEmailTemplate({ subject: '', text: '' }).errors).toEqual({ subject: 'Subject is required', text: 'Text is required' });
    expect(validateEmailTemplate({ subject: 'Reset', text: 'Hello' }, ['link']).errors).toEqual({
      text: 'Text must contain {{link}}, or the email cannot be used',
    });
    expect(validateEmailTemplate({ subject: 'Reset', text: 'Open {{ link }}' }, ['link']).data).toEqual({
      subject: 'Reset',
      text: 'Open {{ link }}',
    });
  });
});

describe('serverFieldErrors', () => {
  it('maps the server details to fields', () => {
    const error = new ApiError('Timezone must be an IANA timezone (body settings.app.timezone)', 400, 'VALIDATION_ERROR', {
      details: [{ field: 'settings.app.timezone', message: 'Timezone must be an IANA timezone such as Europe/Paris' }],
    });
    expect(serverFieldErrors(error, ['app.timezone'] as const)).toEqual({
      fields: { 'app.timezone': 'Timezone must be an IANA timezone such as Europe/Paris' },
    });
  });

  it('keeps the server text when no field is named', () => {
    const error = new ApiError('You do not have permission to do this', 403, 'INSUFFICIENT_PERMISSIONS', {});
    expect(serverFieldErrors(error, ['app.name'] as const)).toEqual({ fields: {}, message: 'You do not have permission to do this' });
  });
});
