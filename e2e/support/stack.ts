import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3310);
export const E2E_SMTP_PORT = E2E_PORT + 1;
/** start-stack.ts's loopback control, which stops and starts the server for the tests of a restart. */
export const E2E_CONTROL_PORT = E2E_PORT + 2;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN = { username: 'admin', password: 'admin-e2e-password', email: 'admin@example.com' };
/** Where the loopback SMTP server writes each message it receives, one file per mail. */
export const E2E_MAIL_DIR = path.join(os.tmpdir(), `wac-e2e-mail-${E2E_PORT}`);
/** Lets tests sign webhooks the way Meta does (the server still runs on the built-in sandbox). */
export const E2E_WHATSAPP_APP_SECRET = 'e2e-whatsapp-app-secret';
export const E2E_PHONE_NUMBER_ID = '100000000000001';
/** The server verifies licence keys with this secret; the licence tests mint keys with it. */
export const E2E_LICENSE_SECRET = 'e2e-licence-secret';
