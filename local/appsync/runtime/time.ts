/**
 * util.time of the local runtime. Every "now" comes from the invocation's clock (injectable,
 * frozen in tests). Formatting supports the common Java/Joda pattern letters AppSync accepts:
 * yyyy yy MM M dd d HH H hh h mm m ss s SSS a Z (offset +HHmm) ZZ (+HH:mm), and quoted 'text';
 * time zones by IANA name (default UTC).
 */
import { now } from './state.ts';

interface Parts {
  year: number; month: number; day: number; hour: number; minute: number; second: number; ms: number; offsetMinutes: number;
}

function partsIn(epochMs: number, timeZone = 'UTC'): Parts {
  const date = new Date(epochMs);
  if (timeZone === 'UTC' || timeZone === 'Z' || timeZone === 'GMT') {
    return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: date.getUTCHours(), minute: date.getUTCMinutes(), second: date.getUTCSeconds(), ms: date.getUTCMilliseconds(), offsetMinutes: 0 };
  }
  const fmt = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const p: Record<string, number> = {};
  for (const part of fmt.formatToParts(date)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const offsetMinutes = Math.round((asUtc - (epochMs - date.getUTCMilliseconds())) / 60_000);
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second, ms: date.getUTCMilliseconds(), offsetMinutes };
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');
function offset(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${pad(Math.floor(m / 60))}${colon ? ':' : ''}${pad(m % 60)}`;
}

const TOKEN = /'[^']*'|yyyy|yy|MM|M|dd|d|HH|H|hh|h|mm|m|ss|s|SSS|a|ZZ|Z/g;

export function formatEpochMs(epochMs: number, pattern: string, timeZone = 'UTC'): string {
  const p = partsIn(epochMs, timeZone);
  return pattern.replace(TOKEN, (token) => {
    switch (token) {
      case 'yyyy': return pad(p.year, 4);
      case 'yy': return pad(p.year % 100);
      case 'MM': return pad(p.month);
      case 'M': return String(p.month);
      case 'dd': return pad(p.day);
      case 'd': return String(p.day);
      case 'HH': return pad(p.hour);
      case 'H': return String(p.hour);
      case 'hh': return pad(((p.hour + 11) % 12) + 1);
      case 'h': return String(((p.hour + 11) % 12) + 1);
      case 'mm': return pad(p.minute);
      case 'm': return String(p.minute);
      case 'ss': return pad(p.second);
      case 's': return String(p.second);
      case 'SSS': return pad(p.ms, 3);
      case 'a': return p.hour < 12 ? 'AM' : 'PM';
      case 'Z': return offset(p.offsetMinutes, false);
      case 'ZZ': return offset(p.offsetMinutes, true);
      default: return token.slice(1, -1);
    }
  });
}

/** Parses `text` laid out as `pattern` (same letters as formatEpochMs). */
export function parseFormatted(text: string, pattern: string, timeZone = 'UTC'): number {
  const fields: string[] = [];
  let regex = '';
  let last = 0;
  for (const match of pattern.matchAll(TOKEN)) {
    regex += escape(pattern.slice(last, match.index));
    const token = match[0];
    if (token.startsWith("'")) regex += escape(token.slice(1, -1));
    else {
      fields.push(token);
      regex += token === 'a' ? '(AM|PM|am|pm)' : token === 'Z' || token === 'ZZ' ? '(Z|[+-]\\d{2}:?\\d{2})' : token.length === 1 ? '(\\d{1,2})' : `(\\d{${token.length}})`;
    }
    last = match.index + token.length;
  }
  regex += escape(pattern.slice(last));
  const m = new RegExp(`^${regex}$`).exec(text);
  if (!m) throw new Error(`Unable to parse "${text}" with format "${pattern}"`);
  const v = { year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0, ms: 0, pm: null as boolean | null, offset: null as number | null };
  fields.forEach((token, i) => {
    const s = m[i + 1];
    const n = Number(s);
    if (token === 'yyyy') v.year = n;
    else if (token === 'yy') v.year = 2000 + n;
    else if (token[0] === 'M') v.month = n;
    else if (token[0] === 'd') v.day = n;
    else if (token[0] === 'H' || token[0] === 'h') v.hour = n;
    else if (token[0] === 'm') v.minute = n;
    else if (token[0] === 's') v.second = n;
    else if (token === 'SSS') v.ms = n;
    else if (token === 'a') v.pm = s.toUpperCase() === 'PM';
    else if (s === 'Z') v.offset = 0;
    else {
      const digits = s.replace(':', '');
      v.offset = (s[0] === '-' ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
    }
  });
  if (v.pm !== null) v.hour = (v.hour % 12) + (v.pm ? 12 : 0);
  const naive = Date.UTC(v.year, v.month - 1, v.day, v.hour, v.minute, v.second, v.ms);
  const off = v.offset ?? partsIn(naive, timeZone).offsetMinutes;
  return naive - off * 60_000;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export const time = {
  nowISO8601: (): string => now().toISOString(),
  nowEpochSeconds: (): number => Math.floor(now().getTime() / 1000),
  nowEpochMilliSeconds: (): number => now().getTime(),
  nowFormatted: (format: string, timeZone?: string): string => formatEpochMs(now().getTime(), format, timeZone),
  parseFormattedToEpochMilliSeconds: (text: string, format: string, timeZone?: string): number => parseFormatted(text, format, timeZone),
  parseISO8601ToEpochMilliSeconds: (text: string): number => {
    const ms = Date.parse(text);
    if (Number.isNaN(ms)) throw new Error(`Invalid ISO 8601 timestamp: ${text}`);
    return ms;
  },
  epochMilliSecondsToSeconds: (ms: number): number => Math.floor(ms / 1000),
  epochMilliSecondsToISO8601: (ms: number): string => new Date(ms).toISOString(),
  epochMilliSecondsToFormatted: (ms: number, format: string, timeZone?: string): string => formatEpochMs(ms, format, timeZone),
};
