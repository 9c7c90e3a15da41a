import { formatPracticeDate } from '../i18n/format';

/** Spec part 2 §9: dates are YYYY-MM-DD (sorting, search). A date of birth is stored as MM/DD/YYYY (§5). */
export function isoDate(mmddyyyy: string): string {
  if (mmddyyyy.length !== 10 || mmddyyyy[2] !== '/' || mmddyyyy[5] !== '/') return mmddyyyy;
  return `${mmddyyyy.slice(6)}-${mmddyyyy.slice(0, 2)}-${mmddyyyy.slice(3, 5)}`;
}

/** A date of birth as people of the practice read it (MM/DD/YYYY for en-US practices); as stored if it is not a date. */
export function shownDateOfBirth(mmddyyyy: string): string {
  const iso = isoDate(mmddyyyy);
  try {
    return formatPracticeDate(iso);
  } catch {
    return mmddyyyy;
  }
}
