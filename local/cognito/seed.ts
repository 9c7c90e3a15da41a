/**
 * The local pool and app client, written as JSON into cognito-local's data folder with the fixed
 * ids of domain/identity.ts. Users, groups and refresh tokens already in the files are kept; the
 * pool options and the client are rewritten on every start so they always match this code.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CUSTOM_ATTRIBUTES, POOL_GROUPS, LOCAL_USER_POOL_CLIENT_ID, LOCAL_USER_POOL_ID, PASSWORD_POLICY } from '../../domain/identity.ts';
import { cl } from './cognito-local.ts';

const STANDARD_READ = ['email', 'email_verified', 'phone_number', 'phone_number_verified', 'given_name', 'family_name', 'name', 'middle_name', 'locale', 'zoneinfo', 'updated_at'];
const STANDARD_WRITE = ['email', 'phone_number', 'given_name', 'family_name', 'name', 'middle_name', 'locale', 'zoneinfo', 'updated_at'];

export function poolOptions(createdAt: string) {
  const schema = [
    ...(cl.cognitoService.USER_POOL_AWS_DEFAULTS.SchemaAttributes ?? []),
    ...CUSTOM_ATTRIBUTES.map((name) => ({ Name: `custom:${name}`, AttributeDataType: 'String', DeveloperOnlyAttribute: false, Mutable: true, Required: false, StringAttributeConstraints: { MinLength: '0', MaxLength: '256' } })),
  ];
  return {
    Id: LOCAL_USER_POOL_ID,
    Name: 'portal-local',
    Arn: `arn:aws:cognito-idp:us-east-1:000000000000:userpool/${LOCAL_USER_POOL_ID}`,
    Policies: {
      PasswordPolicy: {
        MinimumLength: PASSWORD_POLICY.minLength,
        RequireUppercase: PASSWORD_POLICY.requireUppercase,
        RequireLowercase: PASSWORD_POLICY.requireLowercase,
        RequireNumbers: PASSWORD_POLICY.requireDigits,
        RequireSymbols: PASSWORD_POLICY.requireSymbols,
        TemporaryPasswordValidityDays: 7,
      },
    },
    LambdaConfig: {},
    SchemaAttributes: schema,
    UsernameAttributes: ['email'],
    UsernameConfiguration: { CaseSensitive: false },
    AutoVerifiedAttributes: ['email'],
    VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE' },
    // MFA optional in the pool (clients may go without); clinicians are held to it by the API (domain/mfa.ts).
    MfaConfiguration: 'OPTIONAL',
    EnabledMfas: ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'],
    SmsConfiguration: { SnsCallerArn: 'arn:aws:iam::000000000000:role/local-sms', ExternalId: 'local' },
    EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    AdminCreateUserConfig: { AllowAdminCreateUserOnly: false, UnusedAccountValidityDays: 7 },
    AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    CreationDate: createdAt,
    LastModifiedDate: createdAt,
  };
}

export function appClient(createdAt: string) {
  return {
    ClientId: LOCAL_USER_POOL_CLIENT_ID,
    ClientName: 'portal-web',
    UserPoolId: LOCAL_USER_POOL_ID,
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    // Every readable attribute, but the custom ones are written only by the back end.
    ReadAttributes: [...STANDARD_READ, ...CUSTOM_ATTRIBUTES.map((n) => `custom:${n}`)],
    WriteAttributes: STANDARD_WRITE,
    RefreshTokenValidity: 30,
    AccessTokenValidity: 60,
    IdTokenValidity: 60,
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    EnableTokenRevocation: true,
    PreventUserExistenceErrors: 'ENABLED',
    AllowedOAuthFlowsUserPoolClient: false,
    CreationDate: createdAt,
    LastModifiedDate: createdAt,
  };
}

/** A JSON file cognito-local keeps (the pool's or the clients'), as stored; null if absent. */
function readJson(file: string): Record<string, any> | null { // eslint-disable-line @typescript-eslint/no-explicit-any
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** Writes db/<poolId>.json and db/clients.json under `dbDir`, keeping existing users and groups. */
export function seedPool(dbDir: string): void {
  mkdirSync(dbDir, { recursive: true });
  const now = new Date().toISOString();
  const poolFile = join(dbDir, `${LOCAL_USER_POOL_ID}.json`);
  const pool = readJson(poolFile) ?? {};
  const groups: Record<string, unknown> = pool.Groups ?? {};
  for (const name of POOL_GROUPS) {
    groups[name] ??= { GroupName: name, UserPoolId: LOCAL_USER_POOL_ID, Description: `${name} (local)`, CreationDate: now, LastModifiedDate: now, members: [] };
  }
  const options = poolOptions(pool.Options?.CreationDate ?? now);
  writeFileSync(poolFile, JSON.stringify({ ...pool, Users: pool.Users ?? {}, Groups: groups, Options: options }, null, 2));

  const clientsFile = join(dbDir, 'clients.json');
  const clients = readJson(clientsFile) ?? { Clients: {} };
  const existing = clients.Clients?.[LOCAL_USER_POOL_CLIENT_ID];
  clients.Clients = { ...clients.Clients, [LOCAL_USER_POOL_CLIENT_ID]: appClient(existing?.CreationDate ?? now) };
  writeFileSync(clientsFile, JSON.stringify(clients, null, 2));
}
