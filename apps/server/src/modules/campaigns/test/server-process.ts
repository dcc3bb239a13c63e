import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../../../test/free-port.ts';
import type { ListeningTestApp } from '../../../whatsapp/test/listening-test-app.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../../../..');
const READY_TIMEOUT_MS = 30_000;

/** A real server (`main.ts`) in a child process of its own, on a fixed port, that a test can crash and restart. */
export interface ServerProcess {
  baseUrl: string;
  /** The last lines it printed, to explain a failure. */
  output: () => string;
  /** SIGKILL to its whole process group, as a crash or the OOM killer would: no shutdown hook runs. */
  crash: () => Promise<void>;
  /** Starts it again with the same environment and port; resolves once GET /api/health answers 200. */
  restart: () => Promise<void>;
  /** Kills it (if it runs) and removes its data directory; safe to call twice. */
  dispose: () => Promise<void>;
}

/**
 * The environment of a second server on `a`'s database that talks to `a`'s sandbox as its Graph API, with `a`'s
 * credentials: `a` plays Meta for everyone, and its webhook intake stores the statuses all servers share.
 */
export function peerEnv(a: ListeningTestApp, extra: Record<string, string> = {}): Record<string, string> {
  const { whatsapp } = a.ctx.config;
  return {
    DATABASE_URL: a.databaseUrl,
    WHATSAPP_API_URL: `${a.baseUrl}/sandbox/graph`,
    WHATSAPP_API_VERSION: whatsapp.apiVersion,
    WHATSAPP_ACCESS_TOKEN: whatsapp.accessToken,
    WHATSAPP_PHONE_NUMBER_ID: whatsapp.phoneNumberId,
    WHATSAPP_BUSINESS_ACCOUNT_ID: whatsapp.businessAccountId,
    WHATSAPP_APP_ID: whatsapp.appId,
    WHATSAPP_APP_SECRET: whatsapp.appSecret,
    WHATSAPP_VERIFY_TOKEN: whatsapp.verifyToken,
    TEMPLATE_SYNC_INTERVAL_MS: '0',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/**
 * Spawns `node --import tsx apps/server/src/main.ts` (one process, its own process group) with `env` on top of
 * PATH and HOME only, and waits until it answers GET /api/health.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wac-test-peer-'));
  const fullEnv = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ...env,
  };
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let output = '';

  const killGroup = () => {
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };

  async function start(): Promise<void> {
    const spawned = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: fullEnv,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = spawned;
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-10_000);
    };
    spawned.stdout?.on('data', onData);
    spawned.stderr?.on('data', onData);
    let gone = false;
    exited = new Promise((resolve) => {
      spawned.once('exit', () => {
        gone = true;
        resolve();
      });
    });
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (gone) throw new Error(`the server process exited before it was ready:\n${output}`);
      try {
        const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
        await res.arrayBuffer();
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        killGroup();
        throw new Error(`the server process did not answer /api/health within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
      }
      await sleep(50);
    }
  }

  await start();
  return {
    baseUrl,
    output: () => output,
    async crash() {
      killGroup();
      await exited;
    },
    restart: start,
    async dispose() {
      killGroup();
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
