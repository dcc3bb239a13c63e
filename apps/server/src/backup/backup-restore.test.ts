import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, databaseUrl } from '../../test/template-database.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createMigratedTestDatabase } from '../../test/test-database.ts';
import { loadConfig } from '../config/config.ts';
import { applyMigrations } from '../db/database.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { MANIFEST, type Manifest } from './archive-format.ts';
import { writeBackup } from './backup.ts';
import { listDataFiles } from './data-files.ts';
import { restoreBackup } from './restore.ts';
import { latestSchemaVersion, migrationsUpTo } from './schema-version.ts';
import { readManifest, rewriteArchive } from './test/archive-surgery.ts';
import { startDebianPostgres } from './test/debian-postgres.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');
const SMTP_PASSWORD = 'smtp-password-only-the-key-opens';
const MEDIA_BYTES = randomBytes(4096);
const UPLOAD_BYTES = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2048)]);

let scratch: string;
let source: TestApp;
let mediaLink: string;

const configFor = (dataDir: string, url?: string) => loadConfig({}, { DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'silent' });

/** A new empty database on the test PostgreSQL, as an operator creates one for DATABASE_URL. */
async function emptyDatabase(): Promise<string> {
  const name = `restore_${randomBytes(6).toString('hex')}`;
  await adminQuery(inject('postgresUrl'), `CREATE DATABASE ${name}`);
  return databaseUrl(inject('postgresUrl'), name);
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function rowCounts(url: string, tables: string[]): Promise<Record<string, number>> {
  const sql = tables.map((t) => `SELECT '${t}' AS name, count(*)::int AS n FROM public."${t}"`).join(' UNION ALL ');
  const rows = await query<{ name: string; n: number }>(url, sql);
  return Object.fromEntries(rows.map((r) => [r.name, r.n]));
}

async function tableCount(url: string): Promise<number> {
  const [row] = await query<{ n: number }>(url, "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname IN ('public', 'drizzle')");
  return row?.n ?? 0;
}

function flipMiddleByte(data: Buffer): Buffer {
  const flipped = Buffer.from(data);
  const middle = Math.floor(data.length / 2);
  flipped[middle] = (flipped[middle] ?? 0) ^ 0xff;
  return flipped;
}

/**
 * Indexes, constraints and triggers of the app's schema, as definitions: the same after a restore as after migrations.
 * Not NOT NULL, which PostgreSQL 18 lists among constraints and older servers do not (the suite may restore across them).
 */
async function schemaShape(url: string): Promise<string[]> {
  const rows = await query<{ line: string }>(
    url,
    `SELECT indexdef AS line FROM pg_indexes WHERE schemaname = 'public'
     UNION ALL SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND contype <> 'n'
     UNION ALL SELECT tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal`,
  );
  return rows.map((r) => r.line).sort();
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function fileDigests(dataDir: string): Promise<Record<string, string>> {
  const files = await listDataFiles(dataDir);
  return Object.fromEntries(await Promise.all(files.map(async (f) => [f.relativePath, sha256(await readFile(f.fullPath))])));
}

/** Customers, messages, a received image, a kept upload and a sealed SMTP password, through SQL, storage and the API. */
async function seed(t: TestApp): Promise<{ conversationId: number }> {
  const { pool } = t.ctx.database;
  const [contact] = (
    await pool.query(`INSERT INTO contacts (phone, wa_id, name) VALUES ('+15550100200', '15550100200', 'Nora') RETURNING id`)
  ).rows;
  const [conversation] = (
    await pool.query('INSERT INTO conversations (contact_id, phone_number_id) VALUES ($1, $2) RETURNING id', [contact.id, 'pn-1'])
  ).rows;
  const messages = await pool.query(
    `INSERT INTO messages (conversation_id, direction, type, content, status)
     SELECT $1, 'inbound', 'text', jsonb_build_object('text', 'hello ' || n || E'\\nwith a tab\\tand a backslash \\\\'), 'received'
     FROM generate_series(1, 300) n RETURNING id`,
    [conversation.id],
  );
  const image = await t.ctx.media.storage.save(MEDIA_BYTES, 'png');
  await pool.query(
    `INSERT INTO media_files (message_id, direction, kind, mime_type, file_size, sha256, storage_key, status)
     VALUES ($1, 'inbound', 'image', 'image/png', $2, $3, $4, 'ready')`,
    [messages.rows[0].id, image.size, image.sha256, image.key],
  );
  const upload = await t.ctx.media.uploads.save(UPLOAD_BYTES, 'pdf');
  await pool.query(
    `INSERT INTO template_uploads (id, filename, mime_type, format, size, sha256, storage_key)
     VALUES ('upload-1', 'menu.pdf', 'application/pdf', 'DOCUMENT', $1, $2, $3)`,
    [upload.size, upload.sha256, upload.key],
  );
  const saved = await t.request({
    method: 'PUT',
    url: '/api/email/settings',
    token: await t.adminToken(),
    payload: { settings: { host: 'smtp.example.com', user: 'mailer', password: SMTP_PASSWORD } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { conversationId: conversation.id };
}

/**
 * The server going on with its work during the backup: each transaction adds a message and an activity together, so
 * a consistent snapshot holds as many of one as of the other.
 */
function keepWriting(t: TestApp, conversationId: number) {
  let stopping = false;
  let written = 0;
  const loop = (async () => {
    while (!stopping) {
      const client = await t.ctx.database.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(
          `INSERT INTO messages (conversation_id, direction, type, content, status) VALUES ($1, 'inbound', 'text', '{"text":"during backup"}', 'received')`,
          [conversationId],
        );
        await client.query(`INSERT INTO activities (type, source_type, data) VALUES ('backup_probe', 'system', '{}')`);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      written += 1;
    }
  })();
  const until = async (count: number) => {
    while (written < count) await new Promise((r) => setTimeout(r, 5));
  };
  return {
    written: () => written,
    until,
    stop: async () => {
      stopping = true;
      await loop;
    },
  };
}

/** `npm run backup` as an operator runs it, beside the running server. */
function backupCommand(args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const child = spawn('npm', ['run', '--silent', 'backup', '--', ...args], { cwd: repositoryRoot, env: { ...inherited, ...env } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.on('close', (code) => resolve({ code, output })));
}

let conversationId: number;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'wac-backup-test-'));
  // The embedded PostgreSQL of a restored DATA_DIR runs as the postgres user, who must pass through to it.
  await chmod(scratch, 0o711);
  source = await createTestApp({ domains: ['messaging', 'email'] });
  ({ conversationId } = await seed(source));
  const media = await source.request({ method: 'GET', url: '/api/media', token: await source.adminToken() });
  mediaLink = media.json().media[0].url;
});

afterAll(async () => {
  await source?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('backup of a running server', () => {
  it('restores into a fresh DATA_DIR with the snapshot’s rows, the same files, and sealed settings that still open', async () => {
    const file = path.join(scratch, 'running.tar.gz');
    const writer = keepWriting(source, conversationId);
    await writer.until(20);
    const password = new URL(source.databaseUrl).password;
    const backup = await backupCommand(['--out', file], { DATA_DIR: source.dataDir, DATABASE_URL: source.databaseUrl });
    await writer.until(writer.written() + 20);
    await writer.stop();
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Backup written to ${file}`);
    expect(backup.output).not.toContain(password);

    const target = path.join(scratch, 'restored');
    const restored = await restoreBackup(configFor(target), file, { force: false });
    expect(restored.from).toEqual(await latestSchemaVersion());

    const manifest = await readManifest(file);
    const embedded = await startEmbeddedPostgres(target, () => {});
    try {
      const tables = manifest.database.tables.map((t) => t.name);
      const expected = Object.fromEntries(manifest.database.tables.map((t) => [t.name, t.rows]));
      expect(await rowCounts(embedded.url, tables)).toEqual(expected);
      const [probes] = await query<{ messages: number; activities: number }>(
        embedded.url,
        `SELECT (SELECT count(*)::int FROM messages WHERE content->>'text' = 'during backup') AS messages,
                (SELECT count(*)::int FROM activities WHERE type = 'backup_probe') AS activities`,
      );
      // Taken in the middle of the writes, from one snapshot: pairs written before it, none after.
      expect(probes?.messages).toBe(probes?.activities);
      expect(probes?.messages).toBeGreaterThanOrEqual(20);
      expect(probes?.messages).toBeLessThanOrEqual(writer.written() - 20);
      expect(await fileDigests(target)).toEqual(await fileDigests(source.dataDir));
      expect(await schemaShape(embedded.url)).toEqual(await schemaShape(source.databaseUrl));

      const started = await createTestApp({ databaseUrl: embedded.url, dataDir: target, domains: ['messaging', 'email'] });
      try {
        const link = await started.request({ method: 'GET', url: mediaLink });
        expect(link.statusCode, link.body).toBe(200);
        expect(link.rawPayload.equals(MEDIA_BYTES)).toBe(true);
        // Beside a server on the embedded database, the backup uses that database and leaves it running.
        const again = await backupCommand(['--out', path.join(scratch, 'again.tar.gz')], { DATA_DIR: target });
        expect(again.code, again.output).toBe(0);
        expect((await started.request({ method: 'GET', url: mediaLink })).statusCode).toBe(200);
        const [smtp] = await query<{ sealed: string }>(
          embedded.url,
          "SELECT value->>'sealedPassword' AS sealed FROM settings WHERE key = 'email.smtp'",
        );
        expect(createSecretBox(target).open(smtp?.sealed ?? '')).toBe(SMTP_PASSWORD);
      } finally {
        await started.close();
      }
    } finally {
      await embedded.stop();
    }
  });
});

describe('a restore checks before it writes', () => {
  let good: string;
  beforeAll(async () => {
    good = path.join(scratch, 'good.tar.gz');
    await writeBackup(configFor(source.dataDir, source.databaseUrl), good);
  });

  it('refuses a corrupt, truncated, tampered or foreign archive with nothing written', async () => {
    const bytes = await readFile(good);
    const cases: [string, () => Promise<void>, RegExp][] = [
      ['flipped.tar.gz', () => writeFile(path.join(scratch, 'flipped.tar.gz'), flipMiddleByte(bytes)), /not a readable|damaged/],
      [
        'truncated.tar.gz',
        () => writeFile(path.join(scratch, 'truncated.tar.gz'), bytes.subarray(0, bytes.length - 200)),
        /not a readable/,
      ],
      ['notes.txt', () => writeFile(path.join(scratch, 'notes.txt'), 'just some text'), /not a readable/],
      [
        'other.tar.gz',
        () => rewriteArchive(good, path.join(scratch, 'other.tar.gz'), (name) => (name === MANIFEST ? null : Buffer.from('x'))),
        /has no manifest/,
      ],
      [
        'future.tar.gz',
        () =>
          rewriteArchive(good, path.join(scratch, 'future.tar.gz'), (name, data) =>
            name === MANIFEST ? Buffer.from(data.toString().replace('"formatVersion": 1', '"formatVersion": 2')) : data,
          ),
        /format 2; this install reads format 1/,
      ],
      [
        'tampered.tar.gz',
        () =>
          rewriteArchive(good, path.join(scratch, 'tampered.tar.gz'), (name, data) =>
            name.startsWith('database/') ? flipMiddleByte(data) : data,
          ),
        /damaged: database\/.* does not match its checksum/,
      ],
    ];
    const targetDir = path.join(scratch, 'never-written');
    const targetUrl = await emptyDatabase();
    for (const [name, make, refusal] of cases) {
      await make();
      await expect(restoreBackup(configFor(targetDir, targetUrl), path.join(scratch, name), { force: true }), name).rejects.toThrow(
        refusal,
      );
    }
    expect(existsSync(targetDir)).toBe(false);
    expect(await tableCount(targetUrl)).toBe(0);
  });

  it('refuses a target holding data unless forced, then replaces it', async () => {
    const withFiles = path.join(scratch, 'with-files');
    await mkdir(path.join(withFiles, 'media_storage'), { recursive: true });
    await writeFile(path.join(withFiles, 'media_storage', 'stray.bin'), 'x');
    const withDatabase = path.join(scratch, 'with-database');
    await mkdir(path.join(withDatabase, 'postgres'), { recursive: true });
    await writeFile(path.join(withDatabase, 'postgres', 'PG_VERSION'), '18\n');
    const migratedUrl = await createMigratedTestDatabase();

    await expect(restoreBackup(configFor(withFiles, await emptyDatabase()), good, { force: false })).rejects.toThrow(
      /not empty: .*media_storage/,
    );
    await expect(restoreBackup(configFor(withDatabase), good, { force: false })).rejects.toThrow(/not empty: the embedded database/);
    await expect(restoreBackup(configFor(path.join(scratch, 'fresh'), migratedUrl), good, { force: false })).rejects.toThrow(
      /not empty: the database of DATABASE_URL/,
    );
    expect(existsSync(path.join(withFiles, 'media_storage', 'stray.bin'))).toBe(true);
    expect(existsSync(path.join(scratch, 'fresh'))).toBe(false);

    const manifest = await readManifest(good);
    const contacts = manifest.database.tables.find((t) => t.name === 'messages')?.rows;
    await restoreBackup(configFor(withFiles, migratedUrl), good, { force: true });
    expect((await rowCounts(migratedUrl, ['messages'])).messages).toBe(contacts);
    expect(existsSync(path.join(withFiles, 'media_storage', 'stray.bin'))).toBe(false);
    expect(await fileDigests(withFiles)).toEqual(await fileDigests(source.dataDir));

    await restoreBackup(configFor(withDatabase), good, { force: true });
    const embedded = await startEmbeddedPostgres(withDatabase, () => {});
    try {
      expect((await rowCounts(embedded.url, ['messages'])).messages).toBe(contacts);
    } finally {
      await embedded.stop();
    }
  });
});

describe('an archive from an older schema version', () => {
  it('is loaded at its version and migrated to this one', async () => {
    const older = { index: 5, tag: '0005_search_indexes' };
    const url = await emptyDatabase();
    const migrations = await migrationsUpTo(older);
    await applyMigrations(url, migrations.folder);
    await migrations.remove();
    await query(url, `INSERT INTO contacts (phone, wa_id, name) VALUES ('+15550100300', '15550100300', 'Old')`);
    await query(url, `INSERT INTO conversations (contact_id, phone_number_id) SELECT id, 'pn-1' FROM contacts`);
    await query(
      url,
      `INSERT INTO messages (conversation_id, direction, type, content, status)
       SELECT c.id, 'inbound', 'text', '{"text":"from long ago"}', 'received' FROM conversations c, generate_series(1, 25)`,
    );
    const file = path.join(scratch, 'older.tar.gz');
    const backup = await writeBackup(configFor(path.join(scratch, 'older-data'), url), file);
    expect(backup.schemaVersion).toEqual(older);

    const target = await emptyDatabase();
    const restored = await restoreBackup(configFor(path.join(scratch, 'older-restored'), target), file, { force: false });
    expect(restored.from).toEqual(older);
    const latest = await latestSchemaVersion();
    expect(restored.to).toEqual(latest);
    const [applied] = await query<{ n: number }>(target, 'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(applied?.n).toBe(latest.index + 1);
    // A column of a later migration is there, and the old rows with it.
    const rows = await query<{ n: number }>(
      target,
      `SELECT count(*)::int AS n FROM messages WHERE template_name IS NULL AND content->>'text' = 'from long ago'`,
    );
    expect(rows[0]?.n).toBe(25);
    const [next] = await query<{ id: number }>(
      target,
      `INSERT INTO messages (conversation_id, direction, type, status) SELECT id, 'outbound', 'text', 'pending' FROM conversations RETURNING id`,
    );
    expect(next?.id).toBe(26);
  });
});

describe('an external PostgreSQL with a pg_dump of its version on the PATH', () => {
  it('is written with pg_dump and restored with pg_restore', async () => {
    // Debian's PostgreSQL, whose pg_dump and server are one version (the embedded one ships no pg_dump).
    const debian = await startDebianPostgres();
    try {
      const from = await debian.createDatabase('backup_source');
      await applyMigrations(from);
      await query(
        from,
        `WITH c AS (INSERT INTO contacts (phone, wa_id, name) SELECT (447700700000 + i)::text, (447700700000 + i)::text, 'Pat ' || i
           FROM generate_series(1, 30) i RETURNING id),
         v AS (INSERT INTO conversations (contact_id, phone_number_id) SELECT id, 'pn-1' FROM c RETURNING id)
         INSERT INTO messages (conversation_id, direction, type, status, content)
         SELECT v.id, 'inbound', 'text', 'received', '{"text": "hello"}' FROM v, generate_series(1, 4)`,
      );
      const file = path.join(scratch, 'pg-dump.tar.gz');
      const backup = await writeBackup(configFor(path.join(scratch, 'pg-dump-source'), from), file);
      expect(backup.method).toBe('pg_dump');
      const to = await debian.createDatabase('backup_target');
      await restoreBackup(configFor(path.join(scratch, 'pg-dump-restored'), to), file, { force: false });
      const manifest: Manifest = await readManifest(file);
      const tables = manifest.database.tables.map((t) => t.name);
      const counts = await rowCounts(to, tables);
      expect(counts).toEqual(Object.fromEntries(manifest.database.tables.map((t) => [t.name, t.rows])));
      expect(counts.messages).toBe(120);
    } finally {
      await debian.stop();
    }
  });
});
