/**
 * UTC calendar arithmetic without Date (days from the civil calendar), so it stays APPSYNC_JS-safe:
 * ISO 8601 dates and date-times parsed to day numbers and epoch milliseconds, and formatted back
 * (linted by @aws-appsync/eslint-plugin: no regex, no for(;;)/while, no try, no recursion).
 * Wall-clock times in a practice's timezone are Node-only: domain/recurrence.ts.
 */

const DIGITS = '0123456789';

function digitsOnly(value: string): boolean {
  return value.length > 0 && value.split('').every((ch) => DIGITS.indexOf(ch) >= 0);
}

/** Days since 1970-01-01 of a proleptic Gregorian date. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** [year, month, day] of a day number (days since 1970-01-01). */
export function civilFromDays(days: number): number[] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp + (mp < 10 ? 3 : -9);
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

function two(n: number): string {
  return n < 10 ? '0' + n : '' + n;
}

function three(n: number): string {
  return n < 10 ? '00' + n : n < 100 ? '0' + n : '' + n;
}

/** YYYY-MM-DD of a real date, else null. */
export function parseDate(value: unknown): number | null {
  if (typeof value !== 'string' || value.length !== 10 || value[4] !== '-' || value[7] !== '-') {
    return null;
  }
  const y = value.substring(0, 4);
  const m = value.substring(5, 7);
  const d = value.substring(8, 10);
  if (!digitsOnly(y + m + d)) {
    return null;
  }
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 1900 || month < 1 || month > 12 || day < 1) {
    return null;
  }
  const days = daysFromCivil(year, month, day);
  const back = civilFromDays(days);
  return back[2] === day ? days : null;
}

/**
 * Epoch milliseconds of an ISO 8601 date-time with an offset (YYYY-MM-DDThh:mm[:ss[.fff]](Z|±hh:mm)),
 * else null.
 */
export function parseDateTime(value: unknown): number | null {
  if (typeof value !== 'string' || value.length < 17 || value.length > 35 || value[10] !== 'T') {
    return null;
  }
  const days = parseDate(value.substring(0, 10));
  const rest = value.substring(11);
  if (days === null || rest[2] !== ':') {
    return null;
  }
  const last = rest[rest.length - 1];
  let offsetMinutes = 0;
  let clock = rest;
  if (last === 'Z' || last === 'z') {
    clock = rest.substring(0, rest.length - 1);
  } else {
    const zone = rest.substring(rest.length - 6);
    const sign = zone[0] === '+' ? 1 : zone[0] === '-' ? -1 : 0;
    if (sign === 0 || zone[3] !== ':' || !digitsOnly(zone.substring(1, 3) + zone.substring(4, 6))) {
      return null;
    }
    offsetMinutes = sign * (Number(zone.substring(1, 3)) * 60 + Number(zone.substring(4, 6)));
    clock = rest.substring(0, rest.length - 6);
  }
  const hh = clock.substring(0, 2);
  const mm = clock.substring(3, 5);
  let seconds = 0;
  let millis = 0;
  if (clock.length > 5) {
    const ss = clock.substring(6, 8);
    if (clock[5] !== ':' || !digitsOnly(ss)) {
      return null;
    }
    seconds = Number(ss);
    if (clock.length > 8) {
      const fraction = clock.substring(9);
      if (clock[8] !== '.' || !digitsOnly(fraction) || fraction.length > 9) {
        return null;
      }
      millis = Math.floor(Number('0.' + fraction) * 1000);
    }
  }
  if (clock.length !== 5 && clock.length < 8) {
    return null;
  }
  if (!digitsOnly(hh + mm) || Number(hh) > 23 || Number(mm) > 59 || seconds > 59) {
    return null;
  }
  return ((days * 24 + Number(hh)) * 60 + Number(mm) - offsetMinutes) * 60000 + seconds * 1000 + millis;
}

/** YYYY-MM-DDThh:mm:ss.fffZ (as Date.prototype.toISOString) of epoch milliseconds. */
export function formatDateTime(ms: number): string {
  const days = Math.floor(ms / 86400000);
  const inDay = ms - days * 86400000;
  const date = civilFromDays(days);
  const hours = Math.floor(inDay / 3600000);
  const minutes = Math.floor((inDay - hours * 3600000) / 60000);
  const seconds = Math.floor((inDay - hours * 3600000 - minutes * 60000) / 1000);
  const millis = inDay - hours * 3600000 - minutes * 60000 - seconds * 1000;
  return date[0] + '-' + two(date[1]) + '-' + two(date[2]) + 'T' + two(hours) + ':' + two(minutes) + ':' + two(seconds) + '.' + three(millis) + 'Z';
}
