/**
 * Sign-in throttling per client address in front of the local user pool, as a WAF rate-based rule
 * does in front of Cognito in AWS: password and code attempts (InitiateAuth,
 * RespondToAuthChallenge, ForgotPassword) beyond the allowance get Cognito's own
 * TooManyRequestsException, so accounts cannot be probed at speed.
 */
import type { RequestHandler } from './http.ts';
import { RateLimiter } from './rate-limit.ts';

const THROTTLED_TARGETS = new Set(['InitiateAuth', 'RespondToAuthChallenge', 'ForgotPassword', 'ConfirmForgotPassword', 'SignUp', 'ResendConfirmationCode']);

export function throttleSignIn(handle: RequestHandler, options: { burst?: number; perSecond?: number; now?: () => number } = {}): RequestHandler {
  const limiter = new RateLimiter(options.burst ?? 30, options.perSecond ?? 1, options.now);
  return (req, res, path) => {
    const target = String(req.headers['x-amz-target'] ?? '').split('.').pop() ?? '';
    if (THROTTLED_TARGETS.has(target) && !limiter.take(req.socket.remoteAddress ?? 'unknown')) {
      res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': 'TooManyRequestsException' });
      res.end(JSON.stringify({ __type: 'TooManyRequestsException', message: 'Too many requests' }));
      return;
    }
    return handle(req, res, path);
  };
}
