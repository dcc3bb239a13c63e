import { useEffect, useState } from 'react';
import { storedToken } from '../../../lib/session-storage';

/** The sandbox serves media behind the bearer token only, so the file is fetched here and shown from a blob. */
async function fetchSandboxMedia(id: string, signal: AbortSignal): Promise<Blob> {
  const token = storedToken();
  const response = await fetch(`/sandbox/control/media/${encodeURIComponent(id)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!response.ok) throw new Error(response.status === 404 ? 'The file is no longer in the sandbox' : 'The file could not be loaded');
  return response.blob();
}

export type SandboxMediaState = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error'; message: string };

/** An object URL for a sandbox media file while the component shows it; revoked when it goes. */
export function useSandboxMediaUrl(id: string): SandboxMediaState {
  const [state, setState] = useState<SandboxMediaState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setState({ status: 'loading' });
    fetchSandboxMedia(id, controller.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setState({ status: 'ready', url });
      })
      .catch((err: Error) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: err.message });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return state;
}
