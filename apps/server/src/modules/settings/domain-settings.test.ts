import { expect, it } from 'vitest';
import { freshDatabaseForFile } from '../../../test/test-database.ts';
import { settingsOf } from './domain-settings.ts';

const database = freshDatabaseForFile();

it("keeps a domain's settings under its prefix, refuses another domain's keys, and reads the app's name", async () => {
  const email = settingsOf(database.db, 'email.');
  await email.setMany({ 'email.smtp': { host: 'mail.example.com' } }, null);
  expect(await email.get('email.smtp')).toEqual({ host: 'mail.example.com' });
  expect(await email.replace('email.smtp', { host: 'other' }, { host: 'x' })).toBe(false);
  expect(await email.replace('email.smtp', { host: 'mail.example.com' }, { host: 'y' })).toBe(true);
  expect(await email.get('email.smtp')).toEqual({ host: 'y' });

  expect(() => email.get('app.name')).toThrow('the setting app.name is not under email.');
  expect(() => email.setMany({ 'app.name': 'Acme' }, null)).toThrow('the setting app.name is not under email.');
  expect(await email.appName()).toBeUndefined();
  await settingsOf(database.db, 'app.').setMany({ 'app.name': 'Acme' }, null);
  expect(await email.appName()).toBe('Acme');
});
