import '../i18n/features/companion';
/**
 * One line for an entry in the entries table (issue 14): the ratings as "name value", the named
 * answers and the start of the notes. Field names are the API's (docs/companion-api.md).
 */
type T = (key: string) => string;

function ratings(value: unknown): string {
  const r = (value ?? {}) as Record<string, unknown>;
  return Object.keys(r).map((k) => `${k} ${String(r[k])}`).join(', ');
}

export function entrySummary(type: string, raw: unknown, t: T): string {
  let data: Record<string, unknown> = {};
  try {
    data = (typeof raw === 'string' ? JSON.parse(raw) : raw ?? {}) as Record<string, unknown>;
  } catch {
    return '';
  }
  const parts: string[] = [];
  if (type === 'DIARY_CARD') {
    if (data.urges) parts.push(`${t('companion.urges')}: ${ratings(data.urges)}`);
    if (data.emotions) parts.push(`${t('companion.emotions')}: ${ratings(data.emotions)}`);
    if (Array.isArray(data.skillsUsed) && data.skillsUsed.length) parts.push(`${t('companion.skillsUsed')}: ${data.skillsUsed.join(', ')}`);
  } else {
    for (const [k, v] of Object.entries(data)) {
      if (k !== 'notes' && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) parts.push(`${k}: ${String(v)}`);
    }
  }
  if (typeof data.notes === 'string') parts.push(data.notes.length > 80 ? data.notes.slice(0, 80) + '…' : data.notes);
  return parts.join(' · ');
}
