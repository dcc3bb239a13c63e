import { useQuery } from '@tanstack/react-query';
import { type AppSettings, appSettingDefaults } from '@wac/contract/app-settings-defaults';
import { useEffect } from 'react';
import { apiRequest } from './api-client';
import { setDateSettings } from './format-date';

export const publicSettingsQueryKey = ['app', 'public'] as const;
/** The email feature's status names the sender, whose default is the app's name: saving app settings refreshes it. */
export const emailStatusQueryKey = ['settings', 'email', 'status'] as const;

/** Branding and formats from GET /api/app/public, with the spec's defaults until (or unless) it answers. */
export function useAppSettings(): AppSettings {
  const { data } = useQuery({
    queryKey: publicSettingsQueryKey,
    queryFn: () => apiRequest<{ settings: Partial<AppSettings> }>('/api/app/public', { skipSessionExpiry: true }),
    staleTime: 60_000,
    retry: 1,
  });
  return { ...appSettingDefaults, ...data?.settings };
}

/** Keeps the document's favicon and the date formatting in step with the settings. */
export function useApplyAppSettings(settings: AppSettings): void {
  useEffect(() => {
    setDateSettings(settings);
  }, [settings]);
  useEffect(() => {
    const href = settings['app.favicon_url'] || '/favicon.svg';
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = href;
  }, [settings]);
}
