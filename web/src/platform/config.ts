import type { RuntimeConfig } from '../../../domain/runtime-config';
import { DEFAULT_LOCALE, isOfferedLocale } from '../i18n/locales';

/**
 * The runtime configuration (/config.json), fetched once before the first render so that one
 * build serves every environment. Deliberately free of Amplify and Cloudscape: the public pages
 * import it too.
 */
let current: RuntimeConfig | undefined;

const REQUIRED_STRINGS = ['siteName', 'region', 'userPoolId', 'userPoolClientId', 'graphqlEndpoint', 'restEndpoint'] as const;

/** Checks the shape of a parsed config.json; throws with the name of the first bad field. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!value || typeof value !== 'object') throw new Error('config.json: not an object');
  const raw = value as Record<string, unknown>;
  for (const key of REQUIRED_STRINGS) {
    if (typeof raw[key] !== 'string' || raw[key] === '') throw new Error(`config.json: ${key} missing`);
  }
  if (raw.backend !== 'aws' && raw.backend !== 'local') throw new Error('config.json: backend must be aws or local');
  if (raw.authFlowType !== 'USER_SRP_AUTH' && raw.authFlowType !== 'USER_PASSWORD_AUTH') {
    throw new Error('config.json: authFlowType invalid');
  }
  if (raw.userPoolEndpoint !== undefined && typeof raw.userPoolEndpoint !== 'string') {
    throw new Error('config.json: userPoolEndpoint must be a string');
  }
  // An older config.json without it means English; anything else must be an offered language.
  if (raw.defaultLanguage === undefined) return { ...raw, defaultLanguage: DEFAULT_LOCALE } as unknown as RuntimeConfig;
  if (!isOfferedLocale(raw.defaultLanguage)) throw new Error('config.json: defaultLanguage must be one of en, zh, es, fr, it');
  return raw as unknown as RuntimeConfig;
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl('/config.json', { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  current = parseRuntimeConfig(await response.json());
  return current;
}

/** The loaded configuration. main.tsx loads it before rendering, so every page may call this. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime config not loaded');
  return current;
}

/** For tests. */
export function setRuntimeConfig(config: RuntimeConfig | undefined): void {
  current = config;
}
