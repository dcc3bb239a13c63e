// Started by Playwright: a loopback SMTP server that keeps mail as files, and the console built as in production.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { E2E_ADMIN, E2E_BASE_URL, E2E_LICENSE_SECRET, E2E_MAIL_DIR, E2E_PORT, E2E_SMTP_PORT, E2E_WHATSAPP_APP_SECRET } from './stack.ts';

rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
mkdirSync(E2E_MAIL_DIR, { recursive: true });
let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      writeFileSync(
        path.join(E2E_MAIL_DIR, `${Date.now()}-${count++}.eml`),
        `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`,
      );
      callback();
    });
  },
});
smtp.listen(E2E_SMTP_PORT, '127.0.0.1');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wac-e2e-data-'));
const server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: E2E_BASE_URL,
    DATA_DIR: dataDir,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ADMIN_EMAIL: E2E_ADMIN.email,
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    WHATSAPP_APP_SECRET: E2E_WHATSAPP_APP_SECRET,
    LOG_LEVEL: 'warn',
    LICENSE_HMAC_SECRET: E2E_LICENSE_SECRET,
    // Every spec signs in and asks for links from this one address; the server tests cover these limits.
    RATE_LIMIT_SIGN_IN: '10000',
    RATE_LIMIT_ACCOUNT_MAIL: '10000',
    RATE_LIMIT_TOKEN_LINKS: '10000',
    ACCOUNT_MAIL_INTERVAL_S: '0',
  },
});

const stop = () => {
  server.kill('SIGTERM');
};
server.on('exit', (code) => {
  smtp.close(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
