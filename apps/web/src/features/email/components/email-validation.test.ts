import { describe, expect, it } from 'vitest';
import { validateEmailTemplate, validateSmtpSettings } from './email-validation';

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
