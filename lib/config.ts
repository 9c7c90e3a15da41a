/**
 * One typed configuration object per environment, read from cdk.json context
 * (`environments.<env>`, selected with `-c env=<env>`, default `dev`). Every stack takes it;
 * no stack reads context on its own.
 */
import type { Node } from 'constructs';
import { DEFAULT_IDLE_TIMEOUT_MINUTES, SITE_NAME, type RuntimeConfig } from '../domain/runtime-config.ts';

export interface PortalConfig {
  /** Environment name: stack names `Portal-<envName>-<Part>` and table names `portal-<envName>-<Table>`. */
  envName: string;
  region: string;
  /** Optional: stacks stay environment-agnostic (and synth needs no credentials) without it. */
  account?: string;
  siteName: string;
  /** Keep tables, keys, buckets and the backup vault when a stack is deleted. */
  retainData: boolean;
  /** DynamoDB and Cognito deletion protection. */
  deletionProtection: boolean;
  /** Cognito threat protection ENFORCED (Plus feature plan, billed per user). */
  threatProtection: boolean;
  idleTimeoutMinutes: number;
  /**
   * Origins allowed by CORS on the media bucket and the public REST gateway. Empty = the default
   * CloudFront domain, which is only known after the first deploy (see corsOrigins in media-stack.ts).
   */
  consoleOrigins: string[];
  logRetentionDays: number;
  backupRetentionDays: number;
  accessLogRetentionDays: number;
  publicApiThrottle: { rateLimit: number; burstLimit: number };
  /** Optional AWS WAF web ACL (CLOUDFRONT scope, us-east-1) for the distribution. */
  webAclArn?: string;
  /**
   * Sender of e-mail from Lambdas (appointment reminders): an address of an SES identity verified
   * in the region. Absent: e-mail reminders are not sent (counted as failed); SMS ones still go.
   */
  emailFromAddress?: string;
  /** The console's language before a visitor chooses one (en, zh, es, fr or it); default en. */
  defaultLanguage: RuntimeConfig['defaultLanguage'];
  /**
   * The card processor for plan changes (Stripe). Absent: plan changes are refused
   * (PaymentUnavailable) — never granted without a charge. docs/operations.md: turning it on.
   */
  payments?: PaymentsConfig;
  /**
   * The clearinghouse for eligibility and claims (issue 16): Stedi. Absent: every check is refused
   * (ClearinghouseUnavailable) — nothing is ever answered without a payer.
   */
  clearinghouse?: ClearinghouseConfig;
  /**
   * The external EMDR web app (issue 14): its address (the console opens it with a single-use code in
   * the fragment) and the Secrets Manager secret's name holding the secret its server shows to
   * exchange the code. Absent: the EMDR item answers "not available".
   */
  emdr?: EmdrConfig;
}

export interface EmdrConfig {
  appUrl: string;
  /** Name of the Secrets Manager secret (plain string, or JSON with field `secret`); never the secret itself. */
  secretName: string;
}

export interface ClearinghouseConfig {
  /** Name of the Secrets Manager secret holding the Stedi API key (never the key itself). */
  secretName: string;
  /** Stedi's API base; default https://healthcare.us.stedi.com/2024-04-01. */
  apiBase?: string;
  /** Customer-managed KMS key of the secret, if it is not encrypted with aws/secretsmanager. */
  secretKmsKeyArn?: string;
}

export interface PaymentsConfig {
  /** Name of the Secrets Manager secret holding the Stripe secret key (the key itself never goes here). */
  secretName: string;
  /** Stripe price ids (`price_...`): monthly per plan (none for the free plan), Tele Health per clinician. */
  prices: { basic?: string; premium: string; professional: string; teleHealth: string };
  /** Customer-managed KMS key of the secret, if it is not encrypted with aws/secretsmanager. */
  secretKmsKeyArn?: string;
}

const LOG_RETENTION_DAYS = [1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653];

type RawConfig = Partial<Omit<PortalConfig, 'envName'>>;

const REQUIRED_NUMBERS = ['idleTimeoutMinutes', 'logRetentionDays', 'backupRetentionDays', 'accessLogRetentionDays'] as const;

/** Checks `environments.<env>.payments`; a secret key pasted in place of the secret's name is refused. */
function paymentsConfig(envName: string, raw: unknown): PaymentsConfig | undefined {
  if (raw === undefined || raw === null) return undefined;
  const where = `environments.${envName}.payments`;
  const p = raw as Partial<PaymentsConfig>;
  if (typeof p.secretName !== 'string' || /^(sk|rk)_/.test(p.secretName) || !/^[\w/+=.@-]{1,512}$/.test(p.secretName)) {
    throw new Error(`${where}.secretName must be the name of a Secrets Manager secret (never the key itself)`);
  }
  const prices = (p.prices ?? {}) as Record<string, unknown>;
  for (const plan of ['premium', 'professional', 'teleHealth', 'basic']) {
    const value = prices[plan];
    if ((plan !== 'basic' || value !== undefined) && (typeof value !== 'string' || !/^price_\w+$/.test(value))) {
      throw new Error(`${where}.prices.${plan} must be a Stripe price id (price_...)`);
    }
  }
  const unknown = Object.keys(prices).filter((k) => !['basic', 'premium', 'professional', 'teleHealth'].includes(k));
  if (unknown.length) throw new Error(`${where}.prices has unknown plans: ${unknown.join(', ')}`);
  if (p.secretKmsKeyArn !== undefined && !/^arn:aws[\w-]*:kms:/.test(String(p.secretKmsKeyArn))) throw new Error(`${where}.secretKmsKeyArn must be a KMS key ARN`);
  return { secretName: p.secretName, prices: prices as PaymentsConfig['prices'], ...(p.secretKmsKeyArn ? { secretKmsKeyArn: p.secretKmsKeyArn } : {}) };
}

/** Checks `environments.<env>.clearinghouse`; an API key pasted in place of the secret's name is refused. */
function clearinghouseConfig(envName: string, raw: unknown): ClearinghouseConfig | undefined {
  if (raw === undefined || raw === null) return undefined;
  const where = `environments.${envName}.clearinghouse`;
  const c = raw as Partial<ClearinghouseConfig>;
  if (typeof c.secretName !== 'string' || !/^[\w/+=.@-]{1,512}$/.test(c.secretName) || /^(test|live|sk)_/.test(c.secretName) || c.secretName.length > 60) {
    throw new Error(`${where}.secretName must be the name of a Secrets Manager secret (never the key itself)`);
  }
  if (c.apiBase !== undefined && (typeof c.apiBase !== 'string' || !/^https:\/\/[\w.-]+(\/[\w.-]+)*$/.test(c.apiBase))) throw new Error(`${where}.apiBase must be an https URL`);
  if (c.secretKmsKeyArn !== undefined && !/^arn:aws[\w-]*:kms:/.test(String(c.secretKmsKeyArn))) throw new Error(`${where}.secretKmsKeyArn must be a KMS key ARN`);
  return { secretName: c.secretName, ...(c.apiBase ? { apiBase: c.apiBase } : {}), ...(c.secretKmsKeyArn ? { secretKmsKeyArn: c.secretKmsKeyArn } : {}) };
}

/** Checks `environments.<env>.emdr`: an https address and a secret's name. */
function emdrConfig(envName: string, raw: unknown): EmdrConfig | undefined {
  if (raw === undefined || raw === null) return undefined;
  const where = `environments.${envName}.emdr`;
  const e = raw as Partial<EmdrConfig>;
  if (typeof e.appUrl !== 'string' || !/^https:\/\/[\w.-]+(:\d+)?(\/[\w./-]*)?$/.test(e.appUrl)) throw new Error(`${where}.appUrl must be an https URL`);
  if (typeof e.secretName !== 'string' || !/^[\w/+=.@-]{1,60}$/.test(e.secretName)) throw new Error(`${where}.secretName must be the name of a Secrets Manager secret (never the secret itself)`);
  return { appUrl: e.appUrl, secretName: e.secretName };
}

const LANGUAGES = ['en', 'zh', 'es', 'fr', 'it'] as const;

function language(envName: string, raw: unknown): RuntimeConfig['defaultLanguage'] {
  if (raw === undefined) return 'en';
  if (!LANGUAGES.includes(raw as (typeof LANGUAGES)[number])) throw new Error(`environments.${envName}.defaultLanguage must be one of ${LANGUAGES.join(', ')}`);
  return raw as RuntimeConfig['defaultLanguage'];
}

function emailAddress(envName: string, raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw)) throw new Error(`environments.${envName}.emailFromAddress must be an e-mail address`);
  return raw;
}

/** Reads and checks the selected environment's settings; throws a clear error on a typo. */
export function loadConfig(node: Node): PortalConfig {
  const envName = String(node.tryGetContext('env') ?? 'dev');
  const environments = (node.tryGetContext('environments') ?? {}) as Record<string, RawConfig>;
  const raw = environments[envName];
  if (!raw) {
    throw new Error(`Unknown environment "${envName}": cdk.json context "environments" has ${Object.keys(environments).join(', ') || 'nothing'}`);
  }
  if (!/^[a-z][a-z0-9]{1,15}$/.test(envName)) throw new Error(`Environment name "${envName}" must be lowercase letters and digits`);
  for (const key of REQUIRED_NUMBERS) {
    if (raw[key] !== undefined && (typeof raw[key] !== 'number' || raw[key] <= 0)) throw new Error(`environments.${envName}.${key} must be a positive number`);
  }
  // CloudWatch Logs accepts only these retention periods.
  const retention = raw.logRetentionDays ?? 365;
  if (!LOG_RETENTION_DAYS.includes(retention)) throw new Error(`environments.${envName}.logRetentionDays must be one of ${LOG_RETENTION_DAYS.join(', ')}`);
  const throttle = raw.publicApiThrottle ?? { rateLimit: 10, burstLimit: 20 };
  return {
    envName,
    region: raw.region ?? 'us-east-1',
    account: raw.account ?? process.env.CDK_DEFAULT_ACCOUNT,
    siteName: raw.siteName ?? SITE_NAME,
    retainData: raw.retainData ?? true,
    deletionProtection: raw.deletionProtection ?? true,
    threatProtection: raw.threatProtection ?? true,
    idleTimeoutMinutes: raw.idleTimeoutMinutes ?? DEFAULT_IDLE_TIMEOUT_MINUTES,
    consoleOrigins: raw.consoleOrigins ?? [],
    logRetentionDays: retention,
    backupRetentionDays: raw.backupRetentionDays ?? 365,
    accessLogRetentionDays: raw.accessLogRetentionDays ?? 365,
    publicApiThrottle: throttle,
    webAclArn: raw.webAclArn,
    emailFromAddress: emailAddress(envName, raw.emailFromAddress),
    defaultLanguage: language(envName, raw.defaultLanguage),
    payments: paymentsConfig(envName, raw.payments),
    clearinghouse: clearinghouseConfig(envName, raw.clearinghouse),
    emdr: emdrConfig(envName, raw.emdr),
  };
}

/** `Portal-<env>-<part>` */
export const stackName = (config: PortalConfig, part: string) => `Portal-${config.envName}-${part}`;
