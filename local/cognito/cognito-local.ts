/**
 * The cognito-local 5.3.0 internals we build on, loaded through require (they are CommonJS and not
 * a public API: the version is pinned exactly in package.json, and test/integration/cognito.test.ts
 * drives the whole flow through Amplify so an upgrade that moves them fails loudly).
 */
import { createRequire } from 'node:module';
import type { PortalTokenGenerator } from './claims.ts';
import type { PoolSigningKey } from './signing-key.ts';
import type { InProcessLambda } from './triggers.ts';

const require = createRequire(import.meta.url);
const lib = <T>(path: string): T => require(`cognito-local/lib/${path}`) as T;

// The package ships declarations for these modules; the values are typed by them, so a moved or
// changed internal fails `npm run typecheck` as well as the integration tests.
export const cl = {
  server: lib<typeof import('cognito-local/lib/server/server')>('server/server'),
  Router: lib<typeof import('cognito-local/lib/server/Router')>('server/Router').Router,
  targets: lib<typeof import('cognito-local/lib/targets/targets')>('targets/targets').Targets,
  errors: lib<typeof import('cognito-local/lib/errors')>('errors'),
  services: lib<typeof import('cognito-local/lib/services')>('services'),
  cognitoService: lib<typeof import('cognito-local/lib/services/cognitoService')>('services/cognitoService'),
  userPoolService: lib<typeof import('cognito-local/lib/services/userPoolService')>('services/userPoolService'),
  stormDb: lib<typeof import('cognito-local/lib/services/dataStore/stormDb')>('services/dataStore/stormDb'),
  messageDelivery: lib<typeof import('cognito-local/lib/services/messageDelivery/messageDelivery')>('services/messageDelivery/messageDelivery'),
  totp: lib<typeof import('cognito-local/lib/services/totp')>('services/totp'),
  // Not its keys/: that key pair is public in the npm tarball. The pool signs with its own key
  // (signing-key.ts).
};

/** cognito-local's request context (its logger) and the services every target is built from. */
export type Ctx = import('cognito-local/lib/services/context').Context;
export type Services = import('cognito-local/lib/services').Services;
/** A stored user, one user pool's store, an app client: cognito-local's records. */
export type User = import('cognito-local/lib/services/userPoolService').User;
export type UserPool = import('cognito-local/lib/services/userPoolService').UserPoolService;
export type AppClient = import('cognito-local/lib/services/appClient').AppClient;
/**
 * A target (one Cognito API operation): the wire request's JSON in, the response's out. The JSON
 * is the emulator's real boundary; each target reads the fields it needs from it.
 */
export type WireRequest = any; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Target = (ctx: Ctx, req: WireRequest) => Promise<unknown>;

/** cognito-local's services as the portal's pool builds them (index.ts), with what our targets add. */
export type PortalServices = Services & {
  tokenGenerator: PortalTokenGenerator;
  /** The trigger functions themselves, for targets that must see a trigger's failure (confirm-sign-up.ts). */
  lambda: InProcessLambda;
  signingKey: PoolSigningKey;
  onGlobalSignOut?: (event: { sub: string; at: number; originJtis: string[] }) => Promise<void>;
};

/** A Cognito error as the wire protocol returns it (`__type` + `message`, HTTP 400). */
export function cognitoError(code: string, message: string): Error {
  return new cl.errors.CognitoError(code, message);
}

export const NotAuthorized = (message = 'Incorrect username or password.') => cognitoError('NotAuthorizedException', message);
export const InvalidSession = () => cognitoError('NotAuthorizedException', 'Invalid session for the user.');
export const CodeMismatch = () => cognitoError('CodeMismatchException', 'Invalid code received for user');
export const InvalidParameter = (message: string) => cognitoError('InvalidParameterException', message);
