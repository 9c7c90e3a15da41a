import '../i18n/features/companion';
/**
 * One line for an entry in the entries table (issue 14): the ratings as "name value", the named
 * answers and the start of the notes. Field names are the API's (docs/companion-api.md), shown in
 * the page's language where the catalog names them (companion.name.<field>: urges, emotions, skill
 * practice's fields and DBT modules), else spelt out from the field's name (selfCare → "Self care").
 */
type T = (key: string) => string;

/** A field name or value of the API as a reader reads it. */
export function fieldName(name: string, t: T): string {
  const key = `companion.name.${name}`;
  const said = t(key);
  if (said !== key) return said;
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function ratings(value: unknown, t: T): string {
  const r = (value ?? {}) as Record<string, unknown>;
  return Object.keys(r).map((k) => `${fieldName(k, t)} ${String(r[k])}`).join(', ');
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
    if (data.urges) parts.push(`${t('companion.urges')}: ${ratings(data.urges, t)}`);
    if (data.emotions) parts.push(`${t('companion.emotions')}: ${ratings(data.emotions, t)}`);
    if (Array.isArray(data.skillsUsed) && data.skillsUsed.length) parts.push(`${t('companion.skillsUsed')}: ${data.skillsUsed.join(', ')}`);
  } else {
    for (const [k, v] of Object.entries(data)) {
      // A one-word value (a module's id) is named too; free text stays as written.
      if (k !== 'notes' && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) parts.push(`${fieldName(k, t)}: ${typeof v === 'string' && /^[a-z]+[A-Za-z]*$/.test(v) ? fieldName(v, t) : String(v)}`);
    }
  }
  if (typeof data.notes === 'string') parts.push(data.notes.length > 80 ? data.notes.slice(0, 80) + '…' : data.notes);
  return parts.join(' · ');
}
