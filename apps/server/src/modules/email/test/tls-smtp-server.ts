import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A key and certificate for CN=localhost signed by themselves: no client trusts them unless told to. */
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, name));
const key = fixture('self-signed.key');
const cert = fixture('self-signed.crt');

export const SMTP_USER = 'mailer';

/**
 * A real SMTP server on loopback that accepts mail only from SMTP_USER with `password`.
 * `tls`: TLS from the start, STARTTLS offered, or no TLS at all (sign-in then allowed in clear).
 */
export async function startAuthSmtpServer(tls: 'implicit' | 'starttls' | 'none', password: string) {
  const received: string[] = [];
  const server = new SMTPServer({
    secure: tls === 'implicit',
    ...(tls === 'none' ? { disabledCommands: ['STARTTLS'], allowInsecureAuth: true } : { key, cert }),
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === password) return callback(null, { user: SMTP_USER });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  // A client that refuses our certificate drops the connection; that is the expected outcome, not a crash.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
