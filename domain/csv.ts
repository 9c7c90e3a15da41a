/**
 * One CSV line (RFC 4180): cells with a comma, quote or line break quoted, quotes doubled, and a
 * cell that a spreadsheet would read as a formula (= + - @ tab CR first) neutralised with a leading
 * apostrophe (OWASP CSV injection). Lines are joined with CRLF by the caller.
 */
export type CsvValue = string | number | null | undefined;

export function csvCell(v: CsvValue): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?%?$/.test(s)) s = "'" + s;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (values: CsvValue[]): string => values.map(csvCell).join(',');
