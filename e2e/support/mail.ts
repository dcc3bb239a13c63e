import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_MAIL_DIR } from './stack.ts';

function mails(): string[] {
  return readdirSync(E2E_MAIL_DIR)
    .sort()
    .map((f) =>
      readFileSync(path.join(E2E_MAIL_DIR, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
}

/** Waits for a mail to `to` received after `since` mails had arrived, and returns the first link in it to `pathname`. */
export async function waitForLink(to: string, pathname: string, timeoutMs = 10_000): Promise<string> {
  const start = Date.now();
  const pattern = new RegExp(`https?://[^\\s"<>]+${pathname}\\?token=[A-Za-z0-9_%-]+`);
  while (Date.now() - start < timeoutMs) {
    const found = mails()
      .reverse()
      .find((m) => m.startsWith(`X-Envelope-To: ${to}`) && pattern.test(m));
    if (found) return (pattern.exec(found) as RegExpExecArray)[0];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail with a ${pathname} link reached ${to}`);
}
