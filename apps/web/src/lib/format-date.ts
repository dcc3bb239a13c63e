import { type AppSettings, appSettingDefaults } from '@wac/contract/app-settings-defaults';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);

type DateSettings = Pick<AppSettings, 'app.date_format' | 'app.time_format' | 'app.timezone'>;

let current: DateSettings = {
  'app.date_format': appSettingDefaults['app.date_format'],
  'app.time_format': appSettingDefaults['app.time_format'],
  'app.timezone': appSettingDefaults['app.timezone'],
};

/** Called by the app-settings provider whenever the public settings load or change. */
export function setDateSettings(settings: DateSettings): void {
  current = settings;
}

function inZone(value: string | Date, zone: string) {
  const d = dayjs(value);
  try {
    return d.tz(zone);
  } catch {
    return d;
  }
}

export function timePattern(timeFormat: string): string {
  return timeFormat === '12h' ? 'h:mm A' : 'HH:mm';
}

export function formatDate(value: string | Date, settings: DateSettings = current): string {
  return inZone(value, settings['app.timezone']).format(settings['app.date_format']);
}

export function formatTime(value: string | Date, settings: DateSettings = current): string {
  return inZone(value, settings['app.timezone']).format(timePattern(settings['app.time_format']));
}

export function formatDateTime(value: string | Date, settings: DateSettings = current): string {
  return `${formatDate(value, settings)} ${formatTime(value, settings)}`;
}

export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  return dayjs(value).from(now);
}
