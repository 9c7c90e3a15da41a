/**
 * Challenge sessions. cognito-local hands out a random uuid as `Session` and never checks it, so
 * anyone knowing a username could answer an MFA challenge without the password. Here a session is
 * random, bound to the user, the client and the step it was issued for, single-use and valid for
 * 3 minutes (Cognito's default). Unknown, expired or reused → "Invalid session for the user.".
 */
import { randomBytes } from 'node:crypto';
import { InvalidSession } from './cognito-local.ts';

export type SessionStep =
  | 'NEW_PASSWORD_REQUIRED'
  | 'SELECT_MFA_TYPE'
  | 'SMS_MFA'
  | 'SOFTWARE_TOKEN_MFA'
  | 'MFA_SETUP'
  /** MFA_SETUP after VerifySoftwareToken succeeded: RespondToAuthChallenge MFA_SETUP may now issue tokens. */
  | 'MFA_SETUP_VERIFIED';

export interface ChallengeSession {
  username: string;
  clientId: string;
  step: SessionStep;
  /** SMS code sent for an SMS_MFA step. */
  smsCode?: string;
  /** Wrong answers so far; the session dies after MAX_ATTEMPTS. */
  attempts: number;
  expiresAt: number;
}

export const SESSION_TTL_MS = 3 * 60 * 1000;
const MAX_ATTEMPTS = 3;

export class SessionStore {
  private readonly sessions = new Map<string, ChallengeSession>();

  constructor(private readonly now: () => number = Date.now) {}

  issue(data: Omit<ChallengeSession, 'attempts' | 'expiresAt'>): string {
    this.sweep();
    const id = randomBytes(48).toString('base64url');
    this.sessions.set(id, { ...data, attempts: 0, expiresAt: this.now() + SESSION_TTL_MS });
    return id;
  }

  /** The live session for `id` at one of `steps`, without consuming it. */
  peek(id: unknown, steps: SessionStep[], clientId?: string): ChallengeSession {
    const session = typeof id === 'string' ? this.sessions.get(id) : undefined;
    if (!session || session.expiresAt <= this.now() || !steps.includes(session.step) || (clientId && session.clientId !== clientId)) {
      if (session && session.expiresAt <= this.now()) this.sessions.delete(id as string);
      throw InvalidSession();
    }
    return session;
  }

  /** Uses the session up: a second use of the same id fails. */
  consume(id: unknown, steps: SessionStep[], clientId?: string): ChallengeSession {
    const session = this.peek(id, steps, clientId);
    this.sessions.delete(id as string);
    return session;
  }

  /** Counts a wrong answer; after MAX_ATTEMPTS the session is gone. */
  failedAttempt(id: string): void {
    const session = this.sessions.get(id);
    if (session && ++session.attempts >= MAX_ATTEMPTS) this.sessions.delete(id);
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, s] of this.sessions) if (s.expiresAt <= now) this.sessions.delete(id);
  }
}
