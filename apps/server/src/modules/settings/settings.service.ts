import { isDeepStrictEqual } from 'node:util';
import { appSettingsSchema } from '@wac/contract/app-settings';
import {
  type AppSettingKey,
  type AppSettings,
  appSettingDefaults,
  appSettingKeys,
  type OptKeywords,
  privateAppSettingKeys,
} from '@wac/contract/app-settings-defaults';
import type { User } from '@wac/contract/auth';
import type { BaseContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/database.ts';
import { inTransaction } from '../../realtime/after-commit.ts';
import type { RequestMeta } from '../auth/auth.service.ts';
import type { SettingsRepository } from './settings.repository.ts';

/** The app settings' key prefixes: the console's own, the bot flows' (HTTP action hosts) and outbound webhooks' (hosts). */
const APP_PREFIXES = ['app.', 'flows.', 'webhooks.'];

export function createSettingsService(ctx: BaseContext, settings: SettingsRepository) {
  /**
   * Defaults overlaid with what admins saved; stray keys or values of the wrong shape in the table are ignored. Inside a
   * transaction, read with its `tx`.
   */
  async function appSettings(tx?: DbOrTx): Promise<AppSettings> {
    const stored = new Map<string, unknown>();
    for (const prefix of APP_PREFIXES) for (const [key, value] of await settings.getByPrefix(prefix, tx)) stored.set(key, value);
    const merged: Record<string, unknown> = { ...appSettingDefaults };
    for (const key of appSettingKeys) {
      const value = stored.get(key);
      if (appSettingsSchema.shape[key].safeParse(value).success) merged[key] = value;
    }
    return merged as AppSettings;
  }

  async function allowedHosts(key: 'flows.allowed_hosts' | 'webhooks.allowed_hosts'): Promise<string[]> {
    const value = await settings.get(key);
    return appSettingsSchema.shape[key].safeParse(value).success ? [...(value as string[])] : [];
  }

  return {
    appSettings,

    /** For anyone, signed in or not: the settings only admins read are answered empty. */
    async publicAppSettings(): Promise<AppSettings> {
      const current: Record<string, unknown> = { ...(await appSettings()) };
      for (const key of privateAppSettingKeys) current[key] = appSettingDefaults[key];
      return current as AppSettings;
    },

    /** Read at each HTTP action of a bot flow, so an admin's change applies at once. */
    flowAllowedHosts: () => allowedHosts('flows.allowed_hosts'),

    /** Read when an outbound webhook is saved and at each of its deliveries. */
    webhookAllowedHosts: () => allowedHosts('webhooks.allowed_hosts'),

    /** Read at each use, so that a campaign already sending follows the keywords as an admin edits them. */
    async optKeywords(): Promise<OptKeywords> {
      const current = await appSettings();
      return { optOut: [...current['app.opt_out_keywords']], optIn: [...current['app.opt_in_keywords']] };
    },

    async updateAppSettings(actor: User, input: Partial<AppSettings>, meta: RequestMeta): Promise<AppSettings> {
      const current = await appSettings();
      const changes: Partial<Record<AppSettingKey, unknown>> = {};
      for (const key of Object.keys(input) as AppSettingKey[]) {
        const value = input[key];
        if (value !== undefined && !isDeepStrictEqual(value, current[key])) changes[key] = value;
      }
      const changedKeys = Object.keys(changes);
      if (changedKeys.length === 0) return current;

      await inTransaction(ctx.database.db, async (tx) => {
        await settings.setMany(changes, actor.id, tx);
        await ctx.activities.record(
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
