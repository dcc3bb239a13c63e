import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ensureFirstAdmin } from './bootstrap-admin.ts';
import { ConfigError, loadConfig } from './config/config.ts';
import { createUserAccounts } from './modules/accounts/index.ts';
import { startDatabase } from './start-database.ts';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, { WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? defaultWebDist });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const started = await startDatabase(config, () => {});
  const { app } = await buildApp(config, started.database);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close().catch((err) => app.log.error({ err }, 'error while closing'));
    await started.stop().catch((err) => app.log.error({ err }, 'error while stopping the database'));
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    const admin = await ensureFirstAdmin(config, createUserAccounts(started.database.db));
    await app.listen({ port: config.port, host: config.host });
    console.log(`\nWhatsApp Agent Chat is running at ${config.publicUrl}`);
    console.log(`Database: ${started.embedded ? `embedded PostgreSQL in ${path.join(config.dataDir, 'postgres')}` : 'DATABASE_URL'}`);
    if (admin?.generatedPassword) {
      console.log(`First admin created. Username: ${admin.username}  Password: ${admin.generatedPassword}`);
      console.log('This password is shown only once: sign in and change it under Profile.\n');
    }
    app.log.debug('ready');
  } catch (err) {
    console.error(err);
    await app.close().catch(() => {});
    await started.stop().catch(() => {});
    process.exit(1);
  }
}

void main();
