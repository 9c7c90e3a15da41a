/**
 * The cognito-local 5.3.0 internals we build on, loaded through require (they are CommonJS and not
 * a public API: the version is pinned exactly in package.json, and test/integration/cognito.test.ts
 * drives the whole flow through Amplify so an upgrade that moves them fails loudly).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const lib = (path: string) => require(`cognito-local/lib/${path}`);

/* eslint-disable @typescript-eslint/no-explicit-any */
export const cl = {
  server: lib('server/server') as { createServer: (router: any, logger: any, options: any, services?: any) => { application: any } },
  Router: lib('server/Router').Router as (services: any) => (target: string) => (ctx: any, req: any) => Promise<any>,
  targets: lib('targets/targets').Targets as Record<string, (services: any) => (ctx: any, req: any) => Promise<any>>,
  errors: lib('errors') as Record<string, any>,
  services: lib('services') as Record<string, any>,
  cognitoService: lib('services/cognitoService') as Record<string, any>,
  userPoolService: lib('services/userPoolService') as Record<string, any>,
  stormDb: lib('services/dataStore/stormDb') as Record<string, any>,
  messageDelivery: lib('services/messageDelivery/messageDelivery') as Record<string, any>,
  totp: lib('services/totp') as { generateSecret(): string; verify(secret: string, code: string): boolean; generate(secret: string): string },
  // Not its keys/: that key pair is public in the npm tarball. The pool signs with its own key
  // (signing-key.ts).
};

export type Ctx = { logger: any };

/** A Cognito error as the wire protocol returns it (`__type` + `message`, HTTP 400). */
export function cognitoError(code: string, message: string): Error {
  return new cl.errors.CognitoError(code, message);
}

export const NotAuthorized = (message = 'Incorrect username or password.') => cognitoError('NotAuthorizedException', message);
export const InvalidSession = () => cognitoError('NotAuthorizedException', 'Invalid session for the user.');
export const CodeMismatch = () => cognitoError('CodeMismatchException', 'Invalid code received for user');
export const InvalidParameter = (message: string) => cognitoError('InvalidParameterException', message);
