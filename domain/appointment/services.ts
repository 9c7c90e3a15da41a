/** The practice's service catalog (CPT codes and default lengths), or the default one. APPSYNC_JS-safe. */

export interface Service {
  code: string;
  description: string;
  defaultMinutes: number;
}

/** The catalog a practice that never listed its services offers: the common psychotherapy CPT codes. */
export const DEFAULT_SERVICES: Service[] = [
  { code: '90791', description: 'Psychiatric diagnostic evaluation (intake)', defaultMinutes: 60 },
  { code: '90832', description: 'Psychotherapy, 30 minutes', defaultMinutes: 30 },
  { code: '90834', description: 'Psychotherapy, 45 minutes', defaultMinutes: 45 },
  { code: '90837', description: 'Psychotherapy, 60 minutes', defaultMinutes: 60 },
  { code: '90846', description: 'Family psychotherapy without the client', defaultMinutes: 50 },
  { code: '90847', description: 'Family psychotherapy with the client', defaultMinutes: 50 },
  { code: '90853', description: 'Group psychotherapy', defaultMinutes: 60 },
];

/** The practice's services (the Settings#ServicesOffered item), or the default catalog. */
export function servicesOf(item: Record<string, unknown> | null | undefined): Service[] {
  const stored = item && Array.isArray(item.services) ? (item.services as Record<string, unknown>[]) : [];
  const valid = stored.filter((s) => s && typeof s.code === 'string' && typeof s.description === 'string' && typeof s.defaultMinutes === 'number');
  if (valid.length === 0) {
    return DEFAULT_SERVICES;
  }
  return valid.map((s) => ({ code: s.code as string, description: s.description as string, defaultMinutes: s.defaultMinutes as number }));
}
