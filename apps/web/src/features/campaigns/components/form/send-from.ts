import type { BusinessNumber } from '@wac/contract/whatsapp-numbers';
import { numberOptionLabel } from '../../../../lib/business-numbers';

export interface SendFromOption {
  value: string;
  label: string;
  disabled: boolean;
}

/**
 * The numbers a campaign may send from, the first first: the enabled ones, and the campaign's own even when it has since
 * been disabled (shown, not choosable again), so the form never silently moves the campaign to another number.
 * Empty with fewer than two numbers: there is nothing to choose.
 */
export function sendFromOptions(numbers: readonly BusinessNumber[], current?: string): SendFromOption[] {
  if (numbers.length < 2) return [];
  return numbers
    .filter((n) => n.enabled || n.phoneNumberId === current)
    .map((n) => ({ value: n.phoneNumberId, label: numberOptionLabel(n), disabled: !n.enabled }));
}
