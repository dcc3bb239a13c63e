import { isDeepStrictEqual } from 'node:util';
import { appSettingsSchema } from '@wac/contract/app-settings';
import {
  type AppSettingKey,
  type AppSettings,
  appSettingDefaults,
  appSettingKeys,
  type OptKeywords,
  type OptOutSettings,
  privateAppSettingKeys,
} from '@wac/contract/app-settings-defaults';
import type { User } from '@wac/contract/auth';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { RequestMeta } from '../../http/auth-guard.ts';
import { afterCommit, inTransaction } from '../../realtime/after-commit.ts';
import type { ActivityService } from '../activities/index.ts';
import { createSettingsRepository } from './settings.repository.ts';

/**
 * The app settings' key prefixes: the console's own, the bot flows' (HTTP action hosts), outbound webhooks' (hosts) and
 * analytics' (the business hours).
 */
const APP_PREFIXES = ['app.', 'flows.', 'webhooks.', 'analytics.'];

/**
 * How long a process answers the app settings from memory. It forgets them at once when it saves them itself; another
 * server process sees an admin's change within this time.
 */
export const APP_SETTINGS_CACHE_MS = 1_000;

export interface SettingsServiceDeps {
  db: Db;
  activities: ActivityService;
}

export function createSettingsService({ db, activities }: SettingsServiceDeps) {
  const settings = createSettingsRepository(db);
  /** Defaults overlaid with what admins saved; stray keys or values of the wrong shape in the table are ignored. */
  async function readAppSettings(tx?: DbOrTx): Promise<AppSettings> {
    const stored = await settings.getByPrefixes(APP_PREFIXES, tx);
    const merged: Record<string, unknown> = { ...appSettingDefaults };
    for (const key of appSettingKeys) {
      const value = stored.get(key);
      if (appSettingsSchema.shape[key].safeParse(value).success) merged[key] = value;
    }
    return Object.freeze(merged) as AppSettings;
  }

  let cached: { settings: AppSettings; readAt: number } | null = null;
  /** A read on the pool under way, which callers outside transactions share. */
  let reading: Promise<AppSettings> | null = null;
  /** Counts this process's own saves: a read begun before one is not kept. */
  let saves = 0;

  async function readAndKeep(tx?: DbOrTx): Promise<AppSettings> {
    const [readAt, before] = [Date.now(), saves];
    const read = await readAppSettings(tx);
    if (saves === before && (!cached || cached.readAt < readAt)) cached = { settings: read, readAt };
    return read;
  }

  /**
   * The app settings as of at most APP_SETTINGS_CACHE_MS ago, shared by every caller: copy before changing. Inside a transaction, pass
   * its `tx`: when the copy in memory is too old, that connection reads them, rather than waiting for another one.
   */
  async function appSettings(tx?: DbOrTx): Promise<AppSettings> {
    if (cached && Date.now() - cached.readAt < APP_SETTINGS_CACHE_MS) return cached.settings;
    if (tx) return readAndKeep(tx);
    if (reading) return reading;
    const read = readAndKeep().finally(() => {
      if (reading === read) reading = null;
    });
    reading = read;
    return read;
  }

  /** The keywords with their confirmations, read for each batch of customers' messages (inside its transaction, with its `tx`). */
  async function optOutSettings(tx?: DbOrTx): Promise<OptOutSettings> {
    const current = await appSettings(tx);
    return {
      optOut: [...current['app.opt_out_keywords']],
      optIn: [...current['app.opt_in_keywords']],
      optOutConfirmation: current['app.opt_out_confirmation'],
      optInConfirmation: current['app.opt_in_confirmation'],
    };
  }

  return {
    appSettings,

    /** For anyone, signed in or not: the settings only admins read are answered empty. */
    async publicAppSettings(): Promise<AppSettings> {
      const current: Record<string, unknown> = { ...(await appSettings()) };
      for (const key of privateAppSettingKeys) current[key] = appSettingDefaults[key];
      return current as AppSettings;
    },

    /** Read at each HTTP action of a bot flow, so an admin's change applies at once (on other servers within a second). */
    flowAllowedHosts: async () => [...(await appSettings())['flows.allowed_hosts']],

    /** Read when an outbound webhook is saved and at each of its deliveries. */
    webhookAllowedHosts: async () => [...(await appSettings())['webhooks.allowed_hosts']],

    /** Read at each use, so that a campaign already sending follows the keywords as an admin edits them (within a second). */
    async optKeywords(): Promise<OptKeywords> {
      const { optOut, optIn } = await optOutSettings();
      return { optOut, optIn };
    },

    optOutSettings,

    async updateAppSettings(actor: User, input: Partial<AppSettings>, meta: RequestMeta): Promise<AppSettings> {
      const current = await readAppSettings();
      const changes: Partial<Record<AppSettingKey, unknown>> = {};
      for (const key of Object.keys(input) as AppSettingKey[]) {
        const value = input[key];
        if (value !== undefined && !isDeepStrictEqual(value, current[key])) changes[key] = value;
      }
      const changedKeys = Object.keys(changes);
      if (changedKeys.length === 0) return current;

      await inTransaction(db, async (tx) => {
        await settings.setMany(changes, actor.id, tx);
        afterCommit(tx, () => {
          saves++;
          cached = null;
          reading = null;
        });
        await activities.record(
          {
            type: 'settings_updated',
            sourceType: 'user',
            userId: actor.id,
            ip: meta.ip,
            data: { username: actor.username, details: changedKeys.join(', ') },
          },
          tx,
        );
      });
      return appSettings();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
