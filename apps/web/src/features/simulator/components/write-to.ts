import type { BusinessNumber } from '@wac/contract/whatsapp-numbers';
import { businessNumberLabel } from '@wac/contract/whatsapp-numbers';
import type { SandboxNumber } from '@wac/contract/whatsapp-sandbox';

export interface WriteToOption {
  value: string;
  label: string;
}

/**
 * The sandbox's numbers as the customer picks one: named as the console names it (Sales (+15550100002)) once the console
 * lists it, else by its display number.
 */
export function writeToOptions(sandbox: readonly SandboxNumber[], listed: readonly BusinessNumber[]): WriteToOption[] {
  return sandbox.map(({ phoneNumberId, displayPhoneNumber }) => {
    const known = listed.find((n) => n.phoneNumberId === phoneNumberId);
    const label = known
      ? businessNumberLabel({ ...known, displayPhoneNumber: known.displayPhoneNumber ?? displayPhoneNumber })
      : `+${displayPhoneNumber}`;
    return { value: phoneNumberId, label };
  });
}

/**
 * The number the customer writes to as it is remembered and sent: '' for the first (the sandbox's default) or for one it
 * does not play; the remembered one as it is while the sandbox's list is loading.
 */
export function chosenNumber(number: string | undefined, sandbox: readonly SandboxNumber[]): string {
  if (!number) return '';
  if (sandbox.length === 0) return number;
  const index = sandbox.findIndex((n) => n.phoneNumberId === number);
  return index > 0 ? number : '';
}
