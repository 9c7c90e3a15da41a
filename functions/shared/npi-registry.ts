/**
 * The NPI registry behind an interface. The one adapter is a real client of the NPPES API v2.1
 * (`GET <base>/api/?version=2.1&number=<npi>`); configuration chooses where it points: the CMS
 * registry in AWS, the local fixture registry (local/nppes-registry.ts) on `npm start`.
 */
export interface NpiTaxonomy {
  code: string;
  desc: string;
  primary: boolean;
  state: string | null;
  license: string | null;
}

export interface NpiRecord {
  npi: string;
  enumerationType: string;
  firstName: string;
  lastName: string;
  credential: string | null;
  active: boolean;
  taxonomies: NpiTaxonomy[];
}

export interface NpiRegistry {
  /** The individual provider's record, or null when the registry has no such NPI. */
  lookup(npi: string): Promise<NpiRecord | null>;
}

/** The registry could not be asked (network, timeout, 5xx, unreadable answer). */
export class NpiRegistryUnavailable extends Error {
  constructor(reason: string) {
    super(`NPI registry unavailable: ${reason}`);
    this.name = 'NpiRegistryUnavailable';
  }
}

export const NPPES_PUBLIC_URL = 'https://npiregistry.cms.hhs.gov';

interface NppesResult {
  number?: string | number;
  enumeration_type?: string;
  basic?: { first_name?: string; last_name?: string; credential?: string; status?: string };
  taxonomies?: Array<{ code?: string; desc?: string; primary?: boolean; state?: string; license?: string }>;
}

export class NppesRegistry implements NpiRegistry {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 5000,
  ) {}

  async lookup(npi: string): Promise<NpiRecord | null> {
    const url = `${this.baseUrl.replace(/\/$/, '')}/api/?version=2.1&number=${encodeURIComponent(npi)}`;
    let body: { result_count?: number; results?: NppesResult[]; Errors?: unknown };
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json' } });
      if (!response.ok) throw new NpiRegistryUnavailable(`HTTP ${response.status}`);
      body = (await response.json()) as typeof body;
    } catch (error) {
      if (error instanceof NpiRegistryUnavailable) throw error;
      throw new NpiRegistryUnavailable((error as Error).name);
    }
    if (body.Errors) return null; // the registry answers malformed queries with Errors, not a status code
    if (typeof body.result_count !== 'number' || !Array.isArray(body.results)) throw new NpiRegistryUnavailable('unexpected response');
    // `number` has been seen both as a string and as a JSON number.
    const result = body.results.find((r) => String(r.number) === npi);
    if (!result) return null;
    return {
      npi,
      enumerationType: result.enumeration_type ?? '',
      firstName: result.basic?.first_name ?? '',
      lastName: result.basic?.last_name ?? '',
      credential: result.basic?.credential ?? null,
      active: result.basic?.status === 'A',
      taxonomies: (result.taxonomies ?? []).map((t) => ({
        code: t.code ?? '',
        desc: t.desc ?? '',
        primary: Boolean(t.primary),
        state: t.state ?? null,
        license: t.license ?? null,
      })),
    };
  }
}

export function registryFromEnv(): NpiRegistry {
  return new NppesRegistry(process.env.NPPES_URL ?? NPPES_PUBLIC_URL);
}

const normalizeName = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toUpperCase();

/** The spec's rule: first and last name must match the registry (case-insensitive), and the NPI must be active. */
export function matchesRegistry(record: NpiRecord | null, firstName: string, lastName: string): boolean {
  return Boolean(
    record &&
      record.active &&
      record.enumerationType === 'NPI-1' &&
      normalizeName(record.firstName) === normalizeName(firstName) &&
      normalizeName(record.lastName) === normalizeName(lastName),
  );
}

/** Why a registry record does or does not fit the person signing up, in the order a person fixes it. */
export type RegistryVerdict = 'match' | 'notFound' | 'deactivated' | 'notIndividual' | 'nameMismatch';

export function registryVerdict(record: NpiRecord | null, firstName: string, lastName: string): RegistryVerdict {
  if (!record) return 'notFound';
  if (!record.active) return 'deactivated';
  if (record.enumerationType !== 'NPI-1') return 'notIndividual';
  return matchesRegistry(record, firstName, lastName) ? 'match' : 'nameMismatch';
}
