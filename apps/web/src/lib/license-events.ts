import type { LicenseErrorPayload } from '@wac/contract/license-errors';

export interface LicenseErrorEvent {
  payload: LicenseErrorPayload;
  /** The HTTP status of the answer it came with (200 for a quota warning on a success). */
  status: number;
  /** The caller shows no modal for this request: a quota refusal becomes a toast (spec 4). */
  modalsSuppressed: boolean;
}

type Listener = (event: LicenseErrorEvent) => void;
const listeners = new Set<Listener>();

/** The api client reports every licence payload here; the signed-in shell shows it (ui/license-error-dialogs.tsx). */
export function publishLicenseError(event: LicenseErrorEvent): void {
  for (const listener of listeners) listener(event);
}

export function subscribeLicenseErrors(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
