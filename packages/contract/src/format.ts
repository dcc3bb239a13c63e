/** Spec 9: K from 1,000 and M from 1,000,000. */
export function formatCompactNumber(value: number): string {
  const abs = Math.abs(value);
  const trim = (n: number) => n.toFixed(1).replace(/\.0$/, '');
  if (abs >= 1_000_000) return `${trim(value / 1_000_000)}M`;
  if (abs >= 1_000) return `${trim(value / 1_000)}K`;
  return String(value);
}

/** Spec 2: badge shows the unread count, '9+' above 9. */
export function formatBadgeCount(count: number): string {
  return count > 9 ? '9+' : String(count);
}

/** Spec 9: a currency the runtime cannot format falls back to 'CODE amount' with 2 decimals. */
export function formatCurrency(amount: number, currency: string, locale = 'en'): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
}

const byteUnits = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 -> '1.5 KB'; one decimal, trailing '.0' dropped. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1).replace(/\.0$/, '')} ${byteUnits[unit]}`;
}
