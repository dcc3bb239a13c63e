import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useApplyAppSettings, useAppSettings } from '../lib/app-settings';
import { AuthProvider } from '../lib/auth-context';
import { SocketProvider } from '../lib/socket';
import { ToastProvider } from '../ui/toasts';

function AppSettingsEffects() {
  useApplyAppSettings(useAppSettings());
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 5_000 } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider>
          <SocketProvider>
            <AppSettingsEffects />
            {children}
          </SocketProvider>
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
