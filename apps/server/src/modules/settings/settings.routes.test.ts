import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import { type BusinessHours, defaultBusinessHours, instantOfWallClock } from '@wac/contract/business-hours';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ domains: ['settings'] });
  admin = await t.adminToken();
});
afterAll(() => t.close());

const put = (settings: Record<string, unknown>, token = admin) =>
  t.request({ method: 'PUT', url: '/api/app/settings', token, payload: { settings } });

describe('GET /api/app/public', () => {
  it('answers without a sign-in with every app setting and the spec defaults', async () => {
    const res = await t.request({ method: 'GET', url: '/api/app/public' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ settings: appSettingDefaults });
    expect(res.json().settings['app.name']).toBe('WhatsApp Agent Chat');
    expect(res.json().settings['app.description']).toBe('Professional WhatsApp Business API Management Platform');
    expect(res.json().settings['app.date_format']).toBe('YYYY-MM-DD');
  });
});

describe('PUT /api/app/settings', () => {
  it('saves the given keys, returns the full merged settings, and they survive a read back', async () => {
    const res = await put({
      'app.name': 'Acme Support',
      'app.terms_url': 'https://acme.test/terms',
      'app.date_format': 'MMM DD, YYYY',
      'app.time_format': '12h',
      'app.timezone': 'Europe/Paris',
      'app.language': 'pt-BR',
      'app.currency': 'EUR',
      'app.support_email': 'help@acme.test',
      'app.logo_url': '/static/logo.png',
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      ...appSettingDefaults,
      'app.name': 'Acme Support',
      'app.terms_url': 'https://acme.test/terms',
      'app.date_format': 'MMM DD, YYYY',
      'app.time_format': '12h',
      'app.timezone': 'Europe/Paris',
      'app.language': 'pt-BR',
      'app.currency': 'EUR',
      'app.support_email': 'help@acme.test',
      'app.logo_url': '/static/logo.png',
    };
    expect(res.json()).toEqual({ settings: expected });
    expect((await t.request({ method: 'GET', url: '/api/app/settings', token: admin })).json()).toEqual({ settings: expected });
    expect((await t.request({ method: 'GET', url: '/api/app/public' })).json()).toEqual({ settings: expected });
  });

  it('records settings_updated with the keys that changed', async () => {
    const res = await put({ 'app.name': 'Acme Support', 'app.description': 'Talk to Acme' });
    expect(res.statusCode).toBe(200);
    const { rows } = await t.ctx.database.pool.query(
      "SELECT source_type, data FROM activities WHERE type = 'settings_updated' ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0]).toEqual({ source_type: 'user', data: { username: 'admin', details: 'app.description' } });
  });

  it('lets a setting be cleared back to empty', async () => {
    const res = await put({ 'app.terms_url': '' });
    expect(res.json().settings['app.terms_url']).toBe('');
  });

  it.each([
    ['app.name', '', 'App name is required'],
    ['app.url', 'ftp://acme.test', 'App URL must be an http(s) URL or a path starting with /'],
    ['app.privacy_url', 'javascript:alert(1)', 'Privacy URL must be an http(s) URL'],
    ['app.support_email', 'nobody', 'Support email must be a valid email address'],
    ['app.date_format', 'YYYY/MM/DD', 'Date format must be one of'],
    ['app.time_format', '25h', 'Time format must be 12h or 24h'],
    ['app.timezone', 'Mars/Olympus', 'Timezone must be an IANA timezone'],
    ['app.language', 'english', 'Language must be a language code'],
    ['app.currency', 'ABC', 'Currency must be an ISO 4217 code'],
    ['app.name', 42, ''],
    ['app.opt_out_keywords', ['STOP', 'x'.repeat(31)], 'Opt-out keywords must be at most 30 characters each'],
    ['app.opt_out_keywords', ['STOP', '   '], 'Opt-out keywords must not contain blank entries'],
    ['app.opt_in_keywords', Array.from({ length: 51 }, (_, i) => `W${i}`), 'Opt-in keywords must be at most 50 words'],
    ['app.opt_in_keywords', 'START', 'Opt-in keywords must be a list of words'],
  ])('refuses %s = %j with a 400 naming the field, and writes nothing', async (key, value, message) => {
    const before = (await t.request({ method: 'GET', url: '/api/app/settings', token: admin })).json();
    const res = await put({ 'app.description': 'should not be saved', [key]: value });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.error).toContain(message);
    expect(body.details[0].field).toBe(`settings.${key}`);
    expect((await t.request({ method: 'GET', url: '/api/app/settings', token: admin })).json()).toEqual(before);
  });

  it('stores opt-out and opt-in keywords trimmed, upper-cased and once each, for campaigns to read', async () => {
    const res = await put({ 'app.opt_out_keywords': [' stop', 'Stop', 'opt  out', 'BASTA'], 'app.opt_in_keywords': ['start', 'Volver'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings['app.opt_out_keywords']).toEqual(['STOP', 'OPT OUT', 'BASTA']);
    expect(res.json().settings['app.opt_in_keywords']).toEqual(['START', 'VOLVER']);
    const read = (await t.request({ method: 'GET', url: '/api/app/settings', token: admin })).json();
    expect(read.settings['app.opt_out_keywords']).toEqual(['STOP', 'OPT OUT', 'BASTA']);
    expect(await t.ctx.settings.optKeywords()).toEqual({ optOut: ['STOP', 'OPT OUT', 'BASTA'], optIn: ['START', 'VOLVER'] });

    const activities = () => t.ctx.database.pool.query("SELECT count(*)::int AS n FROM activities WHERE type = 'settings_updated'");
    const before = (await activities()).rows[0].n;
    // The same words typed differently are no change.
    expect((await put({ 'app.opt_out_keywords': ['stop', 'opt out', 'basta'] })).statusCode).toBe(200);
    expect((await activities()).rows[0].n).toBe(before);

    // An empty list is allowed: campaigns then skip no one for a keyword.
    expect((await put({ 'app.opt_in_keywords': [] })).json().settings['app.opt_in_keywords']).toEqual([]);
    expect((await t.ctx.settings.optKeywords()).optIn).toEqual([]);
  });

  it('refuses unknown keys and a missing settings object', async () => {
    const unknown = await put({ 'app.theme': 'dark' });
    expect(unknown.statusCode).toBe(400);
    const missing = await t.request({ method: 'PUT', url: '/api/app/settings', token: admin, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].field).toBe('settings');
  });
});

describe('business hours', () => {
  const schedule: BusinessHours = {
    enabled: true,
    days: [
      null,
      { start: '08:30', end: '18:00' },
      ...defaultBusinessHours.days.slice(2, 6),
      { start: '10:00', end: '14:00' },
    ] as BusinessHours['days'],
  };

  it('are kept under analytics.businessHours, off by default, for the analytics to read from the settings table', async () => {
    expect((await t.request({ method: 'GET', url: '/api/app/settings', token: admin })).json().settings['analytics.businessHours']).toEqual(
      defaultBusinessHours,
    );
    const res = await put({ 'analytics.businessHours': schedule });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings['analytics.businessHours']).toEqual(schedule);
    const { rows } = await t.ctx.database.pool.query("SELECT value FROM settings WHERE key = 'analytics.businessHours'");
    expect(rows).toEqual([{ value: schedule }]);
    expect((await t.request({ method: 'GET', url: '/api/app/public' })).json().settings['analytics.businessHours']).toEqual(schedule);
  });

  it.each([
    [
      { ...schedule, days: schedule.days.with(1, { start: '18:00', end: '08:30' }) },
      'settings.analytics.businessHours.days.1.end',
      'Monday must close after it opens',
    ],
    [
      { ...schedule, days: schedule.days.with(6, { start: '10', end: '14:00' }) },
      'settings.analytics.businessHours.days.6.start',
      "Saturday's opening time must be a time as HH:mm",
    ],
    [
      { ...schedule, days: schedule.days.slice(1) },
      'settings.analytics.businessHours.days',
      'Business hours must have the seven days of the week',
    ],
    [{ days: schedule.days }, 'settings.analytics.businessHours.enabled', 'Business hours must be switched on or off'],
  ])('refuse a schedule that does not hold with a 400 naming the day (%#)', async (value, field, message) => {
    const before = (await t.request({ method: 'GET', url: '/api/app/settings', token: admin })).json();
    const res = await put({ 'analytics.businessHours': value });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect(res.json().details[0]).toEqual({ field, message: expect.stringContaining(message) });
    expect((await t.request({ method: 'GET', url: '/api/app/settings', token: admin })).json()).toEqual(before);
  });

  it('read a clock time as PostgreSQL’s AT TIME ZONE does, skipped and repeated times included, so SQL can mirror them', async () => {
    const cases: [zone: string, wall: string][] = [
      ['America/New_York', '2025-03-09 02:30'],
      ['America/New_York', '2025-11-02 01:30'],
      ['America/New_York', '2025-11-02 00:59'],
      ['Europe/London', '2025-03-30 01:15'],
      ['Europe/London', '2025-10-26 01:45'],
      ['Australia/Lord_Howe', '2025-04-06 01:45'],
      ['Australia/Lord_Howe', '2025-10-05 02:15'],
      ['Asia/Kathmandu', '2025-06-01 09:00'],
      ['America/Sao_Paulo', '2025-06-01 23:59'],
    ];
    for (const [zone, wall] of cases) {
      const { rows } = await t.ctx.database.pool.query('SELECT ($1::timestamp AT TIME ZONE $2) AS at', [wall, zone]);
      expect(new Date(instantOfWallClock(Date.parse(`${wall.replace(' ', 'T')}Z`), zone)), `${wall} in ${zone}`).toEqual(rows[0].at);
    }
  });
});

describe('permissions', () => {
  it('answers 401 to anonymous callers, 403 to agents and 200 to admins', async () => {
    const agent = await t.createUser({ username: 'agent_one' });
    const endpoints = [
      { method: 'GET' as const, url: '/api/app/settings' },
      { method: 'PUT' as const, url: '/api/app/settings', payload: { settings: { 'app.currency': 'GBP' } } },
    ];
    for (const e of endpoints) {
      expect((await t.request(e)).statusCode, `${e.method} ${e.url} anonymous`).toBe(401);
      expect((await t.request({ ...e, token: agent.token })).statusCode, `${e.method} ${e.url} agent`).toBe(403);
      expect((await t.request({ ...e, token: admin })).statusCode, `${e.method} ${e.url} admin`).toBe(200);
    }
    expect((await t.request({ method: 'GET', url: '/api/app/public' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/app/public', token: agent.token })).statusCode).toBe(200);
  });
});
