/**
 * The practice's service catalog (CPT codes, our own short names, default lengths and rates), or
 * the default one. APPSYNC_JS-safe. Issue 15: the names are written for this product (CPT
 * descriptors are AMA-licensed; codes with short names of our own only), the rates are starting
 * points the practice edits on Billing and Service (integer cents).
 */

export interface Service {
  code: string;
  description: string;
  defaultMinutes: number;
  /** The practice's fee for one unit, integer cents. */
  rateCents: number;
  /** The service a new appointment or session line takes when none is named. */
  isDefault: boolean;
}

/** The catalog a practice starts with: the common psychotherapy codes (issue 15). */
export const DEFAULT_SERVICES: Service[] = [
  { code: '90791', description: 'Diagnostic evaluation (intake)', defaultMinutes: 60, rateCents: 20000, isDefault: false },
  { code: '90792', description: 'Diagnostic evaluation with medical services', defaultMinutes: 60, rateCents: 25000, isDefault: false },
  { code: '90832', description: 'Psychotherapy, 30 minutes', defaultMinutes: 30, rateCents: 10000, isDefault: false },
  { code: '90834', description: 'Psychotherapy, 45 minutes', defaultMinutes: 45, rateCents: 14000, isDefault: true },
  { code: '90837', description: 'Psychotherapy, 60 minutes', defaultMinutes: 60, rateCents: 18000, isDefault: false },
  { code: '90846', description: 'Family psychotherapy without the client', defaultMinutes: 50, rateCents: 14000, isDefault: false },
  { code: '90847', description: 'Family psychotherapy with the client', defaultMinutes: 50, rateCents: 15000, isDefault: false },
  { code: '90853', description: 'Group psychotherapy', defaultMinutes: 60, rateCents: 6000, isDefault: false },
  { code: '90839', description: 'Crisis psychotherapy, first hour', defaultMinutes: 60, rateCents: 20000, isDefault: false },
  { code: '90840', description: 'Crisis psychotherapy, each added 30 minutes', defaultMinutes: 30, rateCents: 9000, isDefault: false },
  { code: '99213', description: 'Medication management visit (E/M), established client', defaultMinutes: 20, rateCents: 12000, isDefault: false },
  { code: '99214', description: 'Medication management visit (E/M), moderate', defaultMinutes: 30, rateCents: 16000, isDefault: false },
  { code: '90833', description: 'Psychotherapy add-on with E/M, 30 minutes', defaultMinutes: 30, rateCents: 8000, isDefault: false },
  { code: '90836', description: 'Psychotherapy add-on with E/M, 45 minutes', defaultMinutes: 45, rateCents: 10000, isDefault: false },
  { code: '90838', description: 'Psychotherapy add-on with E/M, 60 minutes', defaultMinutes: 60, rateCents: 13000, isDefault: false },
  { code: '90785', description: 'Interactive complexity add-on', defaultMinutes: 15, rateCents: 2000, isDefault: false },
];

/** The practice's services (the Settings#ServicesOffered item), or the default catalog. */
export function servicesOf(item: Record<string, unknown> | null | undefined): Service[] {
  const stored = item && Array.isArray(item.services) ? (item.services as Record<string, unknown>[]) : [];
  const valid = stored.filter((s) => s && typeof s.code === 'string' && typeof s.description === 'string' && typeof s.defaultMinutes === 'number');
  if (valid.length === 0) {
    return DEFAULT_SERVICES;
  }
  return valid.map((s) => ({
    code: s.code as string,
    description: s.description as string,
    defaultMinutes: s.defaultMinutes as number,
    rateCents: typeof s.rateCents === 'number' ? s.rateCents : 0,
    isDefault: s.isDefault === true,
  }));
}
