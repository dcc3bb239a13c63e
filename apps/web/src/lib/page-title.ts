import { useEffect } from 'react';
import { useAppSettings } from './app-settings';

/** Spec 2: '{page} - {app name}'. */
export function usePageTitle(page: string | undefined): void {
  const appName = useAppSettings()['app.name'];
  useEffect(() => {
    document.title = page ? `${page} - ${appName}` : appName;
  }, [page, appName]);
}
