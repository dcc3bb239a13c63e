// Started by Playwright: a loopback SMTP server that keeps mail as files, and the console built as in production, which
// a test can stop and start again through a loopback control (stack-control.ts), as an operator restarting it would.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { openEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import {
  E2E_ADMIN,
  E2E_BASE_URL,
  E2E_CONTROL_PORT,
  E2E_LICENSE_SECRET,
  E2E_MAIL_DIR,
  E2E_PORT,
  E2E_SMTP_PORT,
  E2E_WHATSAPP_APP_SECRET,
} from './stack.ts';

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
const serverEnv = {
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
};

let server: ChildProcess;
/** Set while a test has the server stopped on purpose: its exit then leaves the stack running. */
let stoppedOnPurpose = false;

function shutDownStack(code: number) {
  smtp.close(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}

// One node process (no npx in between), so SIGTERM reaches the server's own shutdown, which stops its database.
function startServer(): void {
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { stdio: 'inherit', env: serverEnv });
  server.on('exit', (code) => {
    if (!stoppedOnPurpose) shutDownStack(code ?? 0);
  });
}

async function serverAnswers(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${E2E_BASE_URL}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not answer /api/health within 60 s of starting again');
}

// Test-only, on loopback: POST /server/stop answers once the server has exited, POST /server/start once it answers;
// GET /database answers the running server's database URL, for tests that seed rows by SQL.
const control = createServer((req, res) => {
  const done = (status: number, text: string) => res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
  if (req.method === 'POST' && req.url === '/server/stop' && !stoppedOnPurpose) {
    stoppedOnPurpose = true;
    server.once('exit', () => done(200, 'stopped'));
    server.kill('SIGTERM');
  } else if (req.method === 'POST' && req.url === '/server/start' && stoppedOnPurpose) {
    startServer();
    stoppedOnPurpose = false;
    serverAnswers().then(
      () => done(200, 'started'),
      (err: Error) => done(500, err.message),
    );
  } else if (req.method === 'GET' && req.url === '/database' && !stoppedOnPurpose) {
    openEmbeddedPostgres(dataDir, () => {}).then(
      (database) => (database ? done(200, database.url) : done(503, 'the database is not created yet')),
      (err: Error) => done(500, err.message),
    );
  } else {
    done(409, stoppedOnPurpose ? 'the server is stopped' : 'the server is running');
  }
});
control.listen(E2E_CONTROL_PORT, '127.0.0.1');

startServer();
const stop = () => {
  if (stoppedOnPurpose) shutDownStack(0);
  server.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
