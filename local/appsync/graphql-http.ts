/**
 * POST /graphql as AppSync answers it (Cognito user-pool auth; AWS_IAM for the @aws_iam fields, local/appsync/iam.ts):
 *   no/invalid token → 401 {"errors":[{"errorType":"UnauthorizedException","message":"You are not authorized to make this call."}]}
 *   body not JSON / no query → 400; body over 1 MB → 413; syntax error → 400;
 *   validation errors → 200 with data null; resolver errors → 200 with data + errors.
 * The token is checked before the body is looked at. Nothing of the request (token, variables,
 * results) is logged: internal failures are logged by request id only.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, type RequestHandler } from '../http.ts';
import type { Executor } from './executor.ts';
import type { Identity } from './jwt.ts';
import { isSigV4, type IamIdentity } from './iam.ts';
import { INTERNAL_ERROR_MESSAGE } from '../../resolvers/shared/error-types.ts';

export const MAX_BODY_BYTES = 1_000_000;
export const UNAUTHORIZED_BODY = { errors: [{ errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.' }] };

export type VerifyToken = (jwt: string) => Promise<Identity | null>;
export type Logger = (line: string) => void;

/** Extracts the JWT from an Authorization value (AppSync takes the raw token; "Bearer" is tolerated). */
export function tokenFrom(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const token = value.startsWith('Bearer ') ? value.slice(7).trim() : value.trim();
  return token.length ? token : null;
}

/** Reads at most `limit` bytes; past it, drains the rest without keeping it and reports `tooLarge`. */
export function readLimited(req: IncomingMessage, limit: number): Promise<{ body: Buffer; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve({ body: Buffer.concat(chunks), tooLarge }));
    req.on('error', reject);
  });
}

export function sourceIps(req: IncomingMessage): string[] {
  const forwarded = req.headers['x-forwarded-for'];
  const list = typeof forwarded === 'string' ? forwarded.split(',').map((s) => s.trim()).filter(Boolean) : [];
  return [...list, req.socket.remoteAddress ?? ''].filter(Boolean);
}

export function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(',') : v;
  return out;
}

/** Error name and stack frames, without the message (which may quote request data). */
export function describeError(err: unknown): string {
  const e = err as Error | undefined;
  const frames = (e?.stack ?? '').split('\n').filter((l) => l.trimStart().startsWith('at ')).slice(0, 5).join(' | ');
  return `${e?.name ?? 'Error'} ${frames}`.trim();
}

/** Verifies a SigV4-signed request (AWS_IAM auth) with its raw body: the IAM identity, or null. */
export type VerifyIam = (req: IncomingMessage, body: string) => Promise<IamIdentity | null>;

export function createGraphqlHandler(deps: { executor: () => Promise<Executor>; verifyToken: VerifyToken; verifyIam?: VerifyIam; log: Logger }): RequestHandler {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const requestId = randomUUID();
    const reply = (status: number, body: unknown) => {
      if (!res.headersSent) sendJson(res, status, body, { 'x-amzn-requestid': requestId });
    };
    try {
      if (req.method !== 'POST') {
        req.resume();
        return reply(405, { errors: [{ errorType: 'MethodNotAllowedException', message: 'Only POST is supported.' }] });
      }
      // AWS_IAM (a SigV4 signature covers the body: read first) or a Cognito token (checked before the body).
      const iam = isSigV4(req.headers.authorization);
      const token = iam ? null : tokenFrom(req.headers.authorization);
      let identity: Identity | IamIdentity | null = token ? await deps.verifyToken(token).catch(() => null) : null;
      if (!identity && !(iam && deps.verifyIam)) {
        req.resume();
        return reply(401, UNAUTHORIZED_BODY);
      }
      const { body, tooLarge } = await readLimited(req, MAX_BODY_BYTES);
      if (tooLarge) return reply(413, { errors: [{ errorType: 'PayloadTooLargeException', message: 'Request body exceeds 1 MB.' }] });
      if (iam && deps.verifyIam) {
        identity = await deps.verifyIam(req, body.toString('utf8')).catch(() => null);
        if (!identity) return reply(401, UNAUTHORIZED_BODY);
      }
      if (!identity) return reply(401, UNAUTHORIZED_BODY);
      let parsed: { query?: unknown; variables?: unknown; operationName?: unknown };
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        return reply(400, { errors: [{ errorType: 'MalformedHttpRequestException', message: 'Unable to parse JSON document' }] });
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
        return reply(400, { errors: [{ errorType: 'MalformedHttpRequestException', message: 'Request body must be a JSON object with a query.' }] });
      }
      const variables = parsed.variables;
      if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
        return reply(400, { errors: [{ errorType: 'MalformedHttpRequestException', message: 'variables must be a JSON object.' }] });
      }
      const executor = await deps.executor();
      const result = await executor.execute({
        query: parsed.query as string,
        variables: (variables as Record<string, unknown> | null | undefined) ?? null,
        operationName: typeof parsed.operationName === 'string' ? parsed.operationName : null,
        identity: { ...identity, sourceIp: sourceIps(req) },
        headers: headersOf(req),
        domainName: null,
      });
      reply(result.status, result.body);
    } catch (err) {
      deps.log(`[appsync] request ${requestId} failed: ${describeError(err)}`);
      // The caller gets the request id as the reference to quote, nothing of the error (issue 11 §8).
      reply(500, { errors: [{ errorType: 'InternalFailure', message: INTERNAL_ERROR_MESSAGE + requestId }] });
    }
  };
}
