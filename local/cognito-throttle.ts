/**
 * Throttling per client address in front of the local user pool, as a WAF rate-based rule and
 * Cognito's own request quotas do in AWS:
 *  - password and code attempts (InitiateAuth, RespondToAuthChallenge, ForgotPassword...) beyond
 *    the allowance get Cognito's TooManyRequestsException, so accounts cannot be probed at speed;
 *  - admin and pool-configuration operations (everything that needs a SigV4 signature,
 *    local/cognito/admin-auth.ts) have an allowance of their own, larger because the in-process
 *    Lambdas use them on every sign-up and invitation (AWS: 50–120 requests per second per
 *    category and account), checked before the signature so a flood is refused cheaply.
 */
import type { RequestHandler } from './http.ts';
import { RateLimiter } from './rate-limit.ts';
import { needsSignature, targetOf } from './cognito/admin-auth.ts';

const THROTTLED_TARGETS = new Set(['InitiateAuth', 'RespondToAuthChallenge', 'ForgotPassword', 'ConfirmForgotPassword', 'SignUp', 'ResendConfirmationCode']);

export interface ThrottleOptions {
  burst?: number;
  perSecond?: number;
  adminBurst?: number;
  adminPerSecond?: number;
  now?: () => number;
}

export function throttleSignIn(handle: RequestHandler, options: ThrottleOptions = {}): RequestHandler {
  const limiter = new RateLimiter(options.burst ?? 30, options.perSecond ?? 1, options.now);
  const adminLimiter = new RateLimiter(options.adminBurst ?? 100, options.adminPerSecond ?? 20, options.now);
  return (req, res, path) => {
    const address = req.socket.remoteAddress ?? 'unknown';
    const target = targetOf(req);
    const allowed = THROTTLED_TARGETS.has(target) ? limiter.take(address) : needsSignature(req) ? adminLimiter.take(address) : true;
    if (!allowed) {
      res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': 'TooManyRequestsException' });
      res.end(JSON.stringify({ __type: 'TooManyRequestsException', message: 'Too many requests' }));
      return;
    }
    return handle(req, res, path);
  };
}
