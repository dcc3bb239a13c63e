import type { LicenceErrorPayload } from '@wac/contract/licence-errors';

export interface LicenceErrorEvent {
  payload: LicenceErrorPayload;
  /** The HTTP status of the answer it came with (200 for a quota warning on a success). */
  status: number;
  /** The caller shows no modal for this request: a quota refusal becomes a toast (spec 4). */
  modalsSuppressed: boolean;
}

type Listener = (event: LicenceErrorEvent) => void;
const listeners = new Set<Listener>();

/** The api client reports every licence payload here; the signed-in shell shows it (ui/licence-error-dialogs.tsx). */
export function publishLicenceError(event: LicenceErrorEvent): void {
  for (const listener of listeners) listener(event);
}

export function subscribeLicenceErrors(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
