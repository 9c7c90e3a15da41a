/**
 * The invitation's public calls (client-contract.md "Public REST"): no sign-in, the token in the
 * body (it came from the link's fragment, which no server sees).
 */
import { MESSAGES } from '../../../../domain/messages';
import { postPublic } from '../../platform/rest';

export interface Invitation {
  /** Null when the practice has no name on file yet. */
  practiceName: string | null;
  email: string;
  /** The e-mail already has an account in the pool (e.g. a companion app's): it accepts with that password. */
  accountExists: boolean;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

async function call<T>(path: string, payload: unknown, valid: (body: unknown) => body is T): Promise<Outcome<T>> {
  try {
    const { status, body } = await postPublic<unknown>(path, payload);
    if (status >= 200 && status < 300 && valid(body)) return { ok: true, value: body };
    const message = (body as { message?: unknown } | null)?.message;
    // A refusal carries its one clear message (expired, used, unknown, a password rule); anything else is the generic one.
    return { ok: false, message: status < 500 && typeof message === 'string' && message ? message : MESSAGES.defaultError };
  } catch {
    return { ok: false, message: MESSAGES.defaultError };
  }
}

const isInvitation = (body: unknown): body is Invitation =>
  !!body && (typeof (body as Invitation).practiceName === 'string' || (body as Invitation).practiceName === null) && typeof (body as Invitation).email === 'string' && typeof (body as Invitation).accountExists === 'boolean';

const isAccepted = (body: unknown): body is { email: string } => !!body && typeof (body as { email?: unknown }).email === 'string';

export const readInvitation = (token: string) => call('/clientInvitation', { token }, isInvitation);

export const acceptInvitation = (token: string, password: string) => call('/acceptClientInvitation', { token, password }, isAccepted);

/** The token in an invitation link's fragment (`/portal/invite#<token>`): base64url, or null. */
export function tokenFromHash(hash: string): string | null {
  const token = hash.replace(/^#/, '').trim();
  return /^[A-Za-z0-9_-]{16,200}$/.test(token) ? token : null;
}
