/**
 * Days of the warehouse's calendar (TIME_ZONE), as `YYYY-MM-DD` keys. Computed here with Intl, not
 * by the database, so SQLite and PostgreSQL count the same days.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `name` is an IANA time zone this runtime knows (`Asia/Dhaka`, `UTC`), not an offset. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z_]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

/** The last day found, by time zone and whole second: every change of a busy second asks again. */
const lastDays = new Map<string, { second: number; day: string }>();

/**
 * The day `at` falls on in `timeZone`. No zone's offset has a fraction of a second, so a day never
 * ends inside a second, and the same second is the same day.
 */
export function dayKey(at: Date, timeZone: string): string {
  const second = Math.floor(at.getTime() / 1000);
  const last = lastDays.get(timeZone);
  if (last?.second === second) return last.day;
  const parts = formatterFor(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  lastDays.set(timeZone, { second, day });
  return day;
}

const MS_PER_DAY = 86_400_000;

/** The day `days` after `day` (before, when negative): calendar arithmetic, no time zone involved. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The `count` days ending with `last`, oldest first. */
export function daysEnding(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(last, index - count + 1));
}

/** The warehouse's time zone unless TIME_ZONE says otherwise. */
export const DEFAULT_TIME_ZONE = 'Asia/Dhaka';
