import { dateFormats } from '@wac/contract/app-settings-defaults';
import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { timePattern } from '../../../lib/format-date';

dayjs.extend(utc);
dayjs.extend(timezonePlugin);

/** Languages the WhatsApp Business templates are most often written in; the code is what is stored. */
export const languageCodes = [
  'en',
  'en-GB',
  'es',
  'pt',
  'pt-BR',
  'fr',
  'de',
  'it',
  'nl',
  'pl',
  'tr',
  'ru',
  'uk',
  'ar',
  'he',
  'fa',
  'hi',
  'bn',
  'ur',
  'id',
  'ms',
  'th',
  'vi',
  'zh',
  'ja',
  'ko',
  'sw',
] as const;

export const commonCurrencies = [
  'USD',
  'EUR',
  'GBP',
  'INR',
  'BRL',
  'MXN',
  'IDR',
  'NGN',
  'ZAR',
  'AED',
  'SAR',
  'TRY',
  'CAD',
  'AUD',
  'JPY',
  'CNY',
  'CHF',
  'SGD',
  'PKR',
  'EGP',
] as const;

export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(code);
    return name && name !== code ? name : code;
  } catch {
    return code;
  }
}

export function currencyName(code: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'currency' }).of(code);
    return name && name !== code ? name : code;
  } catch {
    return code;
  }
}

/** Every IANA zone the browser knows, UTC first, plus the saved one if the browser lacks it. */
export function timezoneOptions(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = ['UTC', ...zones.filter((z) => z !== 'UTC')];
  if (current && !all.includes(current)) all.splice(1, 0, current);
  return all;
}

/** What a date and time look like in the chosen formats and zone (falls back to UTC for a zone being typed). */
export function previewDateTime(at: Date, dateFormat: string, timeFormat: string, timezone: string): string {
  const format = (dateFormats as readonly string[]).includes(dateFormat) ? dateFormat : 'YYYY-MM-DD';
  let moment = dayjs(at).utc();
  try {
    moment = dayjs(at).tz(timezone);
  } catch {
    // An unknown zone is reported by validation; the preview stays in UTC meanwhile.
  }
  return moment.format(`${format} ${timePattern(timeFormat)}`);
}

export function previewDate(at: Date, dateFormat: string): string {
  return dayjs(at).format(dateFormat);
}
