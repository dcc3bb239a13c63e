import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Encrypts secrets before they are stored, so a copy of the database alone does not reveal them: the HMAC
 * secret an admin gives with a licence key, the SMTP password and the media-link signing secret. The
 * AES-256-GCM key lives in DATA_DIR (its file name predates the other uses), created on first use.
 */
export function createSecretBox(dataDir: string) {
  const keyFile = path.join(dataDir, '.license-secret-key');
  let key: Buffer | undefined;

  function encryptionKey(): Buffer {
    if (key) return key;
    if (!existsSync(keyFile)) {
      mkdirSync(dataDir, { recursive: true });
      try {
        writeFileSync(keyFile, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
      } catch (err) {
        // Another server process sharing DATA_DIR created it first: use theirs.
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    key = Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64url');
    return key;
  }

  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey(), iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },

    /** Null when the text was sealed with another key (another DATA_DIR) or was altered. */
    open(sealed: string): string | null {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined || !existsSync(keyFile)) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', encryptionKey(), Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
