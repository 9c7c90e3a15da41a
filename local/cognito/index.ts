/**
 * The local Cognito user pool: cognito-local 5.3.0 run in-process (its express app is called
 * directly, no port of its own), seeded with the fixed pool and client of domain/identity.ts, with
 * the gaps of ARCHITECTURE §5.1 filled by the files beside this one. Mounted by the runtime at
 * /cognito: POST / with x-amz-target, GET /<poolId>/.well-known/{jwks.json,openid-configuration}.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomInt, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { LOCAL_USER_POOL_CLIENT_ID, LOCAL_USER_POOL_ID, POOL_GROUPS } from '../../domain/identity.ts';
import { sendJson, type RequestHandler } from '../http.ts';
import type { Outbox } from '../outbox.ts';
import { cl, cognitoError, type Ctx, type User } from './cognito-local.ts';
import type { Group } from 'cognito-local/lib/services/userPoolService';
import type { CryptoService } from 'cognito-local/lib/services/crypto';
import type { Config } from 'cognito-local/lib/server/config';
import { seedPool } from './seed.ts';
import { quietLogger } from './logger.ts';
import { OutboxMessages } from './outbox-delivery.ts';
import { InProcessLambda, type TriggerFunctions } from './triggers.ts';
import { PortalTokenGenerator } from './claims.ts';
import { SessionStore } from './sessions.ts';
import { createRouter } from './router.ts';
import { patchCaseInsensitiveUsernames } from './case-insensitive.ts';
import { loadSigningKey } from './signing-key.ts';
import { needsSignature, newAdminCredentials, readBody, SignatureError, sendSignatureError, verifySignature, type LocalAdminCredentials } from './admin-auth.ts';

/** An HTTP request whose JSON body we read ahead of cognito-local's Express (body-parser's fields). */
type ParsedRequest = IncomingMessage & { body?: unknown; _body?: boolean };

export interface LocalCognitoOptions {
  /** Folder for the pool's JSON files (kept between runs); the pool lives in <dataDir>/db. */
  dataDir: string;
  outbox: Outbox;
  /** The origin the browser and Amplify use, e.g. 'http://localhost:3000/cognito'. */
  publicUrl: string;
  triggers?: TriggerFunctions;
  /** Called on GlobalSignOut / AdminUserGlobalSignOut before the sign-ins are revoked (refresh.ts). */
  onGlobalSignOut?: (event: { sub: string; at: number; originJtis: string[] }) => Promise<void>;
}

export interface LocalUserInput {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  phoneNumber?: string;
  groups: string[];
  /** Base32 secret: enrolls TOTP MFA as the preferred method. */
  totpSecret?: string;
  /** Keys without the custom: prefix. */
  customAttributes?: Record<string, string>;
}

export interface LocalCognito {
  handle: RequestHandler;
  issuer: string;
  /** The only key that may sign admin and pool-configuration calls (admin-auth.ts); new at every start. */
  adminCredentials: LocalAdminCredentials;
  jwks(): Promise<{ keys: object[] }>;
  admin: {
    createUser(input: LocalUserInput): Promise<{ sub: string }>;
    setCustomAttributes(email: string, attrs: Record<string, string>): Promise<void>;
    addUserToGroup(email: string, group: string): Promise<void>;
    getUser(email: string): Promise<{ sub: string; attributes: Record<string, string>; groups: string[]; status: string } | null>;
  };
  close(): Promise<void>;
}

export async function startLocalCognito(opts: LocalCognitoOptions): Promise<LocalCognito> {
  patchCaseInsensitiveUsernames();
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  const issuer = `${publicUrl}/${LOCAL_USER_POOL_ID}`;
  const dbDir = join(opts.dataDir, 'db');
  seedPool(dbDir);

  // The data folder's own signing key (signing-key.ts), kept beside the pool's files.
  const signingKey = loadSigningKey(opts.dataDir);
  const adminCredentials = newAdminCredentials();
  const logger = quietLogger();
  const ctx: Ctx = { logger };
  const clock = new cl.services.DateClock();
  const dataStoreFactory = new cl.stormDb.StormDBDataStoreFactory(dbDir);
  const cognito = await new cl.cognitoService.CognitoServiceFactoryImpl(dbDir, dataStoreFactory, new cl.userPoolService.UserPoolServiceFactoryImpl(clock, dataStoreFactory)).create(ctx, {
    UsernameAttributes: ['email'],
  });
  // CryptoService is only used by the CustomEmailSender trigger, which the portal does not use.
  const lambda = new InProcessLambda(opts.triggers ?? {});
  const triggers = new cl.services.TriggersService(clock, cognito, lambda, null as unknown as CryptoService);
  const services = {
    clock,
    cognito,
    // Only what the targets read: no Lambda client (triggers run in process) nor server config.
    config: { UserPoolDefaults: { UsernameAttributes: ['email'] }, TokenConfig: { IssuerDomain: publicUrl }, TriggerFunctions: {} } as unknown as Config,
    messages: new OutboxMessages(opts.outbox),
    // Six random digits from the CSPRNG (cognito-local uses Math.random).
    otp: () => String(randomInt(0, 1_000_000)).padStart(6, '0'),
    tokenGenerator: new PortalTokenGenerator(issuer, triggers, signingKey),
    triggers,
    /** The trigger functions themselves, for targets that must see a trigger's failure (confirm-sign-up.ts). */
    lambda,
    signingKey,
    onGlobalSignOut: opts.onGlobalSignOut,
  };
  const sessions = new SessionStore();
  // No `services` argument: that would mount cognito-local's OAuth2/hosted-UI routes, unused here.
  const app = cl.server.createServer(createRouter(services, sessions, issuer), logger, { development: false }).application;

  const jwks = async () => ({ keys: [{ ...signingKey.publicJwk }] });
  const poolPrefix = `/${LOCAL_USER_POOL_ID}/.well-known/`;

  const handle: RequestHandler = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (req.method === 'GET' && path === `${poolPrefix}jwks.json`) return sendJson(res, 200, await jwks(), { 'cache-control': 'public, max-age=300' });
    if (req.method === 'GET' && path === `${poolPrefix}openid-configuration`) {
      return sendJson(res, 200, {
        issuer,
        jwks_uri: `${issuer}/.well-known/jwks.json`,
        id_token_signing_alg_values_supported: ['RS256'],
        subject_types_supported: ['public'],
        response_types_supported: ['code', 'token'],
      });
    }
    // cognito-local's own GET routes would serve its packaged key for any other pool id: none of them.
    if (req.method === 'GET') return sendJson(res, 404, { message: 'Not found' });
    if (needsSignature(req)) {
      // Admin and pool-configuration operations: SigV4 with the runtime's key, as in AWS.
      try {
        const body = await readBody(req);
        await verifySignature(req, body, adminCredentials);
        try {
          (req as ParsedRequest).body = body ? JSON.parse(body) : {};
        } catch {
          return sendJson(res, 400, { __type: 'SerializationException', message: 'Request body is not valid JSON' });
        }
        (req as ParsedRequest)._body = true; // body-parser: already read
      } catch (error) {
        if (error instanceof SignatureError) return sendSignatureError(res, error);
        throw error;
      }
    }
    const query = (req.url ?? '').includes('?') ? (req.url ?? '').slice((req.url ?? '').indexOf('?')) : '';
    req.url = (path || '/') + query;
    await new Promise<void>((resolve) => {
      res.once('finish', resolve);
      res.once('close', resolve);
      app(req, res, (err?: unknown) => {
        if (!res.headersSent) sendJson(res, err ? 500 : 404, { message: err ? 'Internal error' : 'Not found' });
        resolve();
      });
    });
  };

  const pool = () => cognito.getUserPool(ctx, LOCAL_USER_POOL_ID);
  const findUser = async (email: string) => {
    const user = await (await pool()).getUserByUsername(ctx, email);
    if (!user) throw cognitoError('UserNotFoundException', 'User does not exist.');
    return user;
  };
  const addToGroup = async (user: User, group: string) => {
    const userPool = await pool();
    let g = await userPool.getGroupByGroupName(ctx, group);
    if (!g) {
      if (!POOL_GROUPS.includes(group)) throw cognitoError('ResourceNotFoundException', 'Group not found.');
      const now = new Date();
      const created: Group & { UserPoolId: string } = { GroupName: group, UserPoolId: LOCAL_USER_POOL_ID, CreationDate: now, LastModifiedDate: now, members: [] };
      g = created;
    }
    await userPool.addUserToGroup(ctx, g, user);
  };

  const admin: LocalCognito['admin'] = {
    async createUser(input) {
      const userPool = await pool();
      const existing = await userPool.getUserByUsername(ctx, input.email);
      if (existing) return { sub: cl.userPoolService.attributeValue('sub', existing.Attributes) as string };
      const sub = randomUUID();
      const now = new Date();
      const record: Record<string, string> = {
        sub,
        email: input.email.toLowerCase(),
        email_verified: 'true',
        given_name: input.givenName,
        family_name: input.familyName,
        name: `${input.givenName} ${input.familyName}`,
      };
      if (input.phoneNumber) Object.assign(record, { phone_number: input.phoneNumber, phone_number_verified: 'true' });
      for (const [k, v] of Object.entries(input.customAttributes ?? {})) record[`custom:${k}`] = v;
      const user: User = {
        Username: sub,
        Password: input.password,
        Attributes: cl.userPoolService.attributesFromRecord(record),
        Enabled: true,
        UserStatus: 'CONFIRMED',
        RefreshTokens: [],
        UserCreateDate: now,
        UserLastModifiedDate: now,
      };
      if (input.totpSecret) {
        user.SoftwareTokenMfaConfiguration = { Secret: input.totpSecret, Verified: true };
        user.UserMFASettingList = ['SOFTWARE_TOKEN_MFA'];
        user.PreferredMfaSetting = 'SOFTWARE_TOKEN_MFA';
      }
      await userPool.saveUser(ctx, user);
      for (const group of input.groups) await addToGroup(user, group);
      return { sub };
    },
    async setCustomAttributes(email, attrs) {
      const user = await findUser(email);
      const changes = Object.entries(attrs).map(([k, v]) => ({ Name: `custom:${k}`, Value: v }));
      await (await pool()).saveUser(ctx, { ...user, Attributes: cl.userPoolService.attributesAppend(user.Attributes, ...changes), UserLastModifiedDate: new Date() });
    },
    async addUserToGroup(email, group) {
      await addToGroup(await findUser(email), group);
    },
    async getUser(email) {
      const userPool = await pool();
      const user = await userPool.getUserByUsername(ctx, email);
      if (!user) return null;
      return {
        sub: cl.userPoolService.attributeValue('sub', user.Attributes) as string,
        attributes: cl.userPoolService.attributesToRecord(user.Attributes),
        groups: [...(await userPool.listUserGroupMembership(ctx, user))],
        status: user.UserStatus,
      };
    },
  };

  return {
    handle,
    issuer,
    adminCredentials,
    jwks,
    admin,
    async close() {
      // Nothing listens and StormDB writes each change as it happens: nothing to stop.
    },
  };
}

export { LOCAL_USER_POOL_CLIENT_ID, LOCAL_USER_POOL_ID };
