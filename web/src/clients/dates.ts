/** Spec part 2 §9: dates are shown as YYYY-MM-DD. A date of birth is stored as MM/DD/YYYY (§5). */
export function isoDate(mmddyyyy: string): string {
  if (mmddyyyy.length !== 10 || mmddyyyy[2] !== '/' || mmddyyyy[5] !== '/') return mmddyyyy;
  return `${mmddyyyy.slice(6)}-${mmddyyyy.slice(0, 2)}-${mmddyyyy.slice(3, 5)}`;
}
