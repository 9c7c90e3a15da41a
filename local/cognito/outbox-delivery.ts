/**
 * Replaces cognito-local's MessagesService (which prints codes in a box through its pretty logger,
 * and buffers when stdout is redirected) with synchronous writes to the local outbox. Every code
 * the pool sends (sign-up, resend, forgot password, attribute verification, SMS MFA, temporary
 * password) lands in the outbox with `code` filled. Nothing is logged: codes and addresses are
 * sensitive, and message text never carries PHI.
 */
import type { Outbox } from '../outbox.ts';
import type { Ctx } from './cognito-local.ts';

export const SITE_NAME = 'Practice Portal';

/** Cognito's message source: 'SignUp' | 'ResendCode' | 'ForgotPassword' | 'UpdateUserAttribute' | 'VerifyUserAttribute' | 'AdminCreateUser' | 'Authentication'. */
type Source = string;

interface DeliveryDetails {
  DeliveryMedium: 'SMS' | 'EMAIL';
  AttributeName: string;
  Destination: string;
}

function text(source: Source, code: string): { subject: string; body: string } {
  switch (source) {
    case 'SignUp':
    case 'ResendCode':
      return { subject: `Your ${SITE_NAME} verification code`, body: `Your ${SITE_NAME} verification code is ${code}.` };
    case 'ForgotPassword':
      return { subject: `Reset your ${SITE_NAME} password`, body: `Your ${SITE_NAME} password reset code is ${code}.` };
    case 'UpdateUserAttribute':
    case 'VerifyUserAttribute':
      return { subject: `Verify your ${SITE_NAME} contact details`, body: `Your ${SITE_NAME} verification code is ${code}.` };
    case 'AdminCreateUser':
      return { subject: `Your ${SITE_NAME} account`, body: `An account was created for you. Your temporary password is ${code}.` };
    case 'Authentication':
      return { subject: `Your ${SITE_NAME} sign-in code`, body: `Your ${SITE_NAME} sign-in code is ${code}. It expires in 3 minutes.` };
    default:
      return { subject: `Your ${SITE_NAME} code`, body: `Your ${SITE_NAME} code is ${code}.` };
  }
}

/** Same `deliver` signature as cognito-local's MessagesService. */
export class OutboxMessages {
  constructor(private readonly outbox: Outbox) {}

  async deliver(_ctx: Ctx, source: Source, _clientId: string | null, _userPoolId: string, _user: unknown, code: string, _clientMetadata: unknown, details: DeliveryDetails): Promise<void> {
    const { subject, body } = text(source, code);
    if (details.DeliveryMedium === 'SMS') {
      this.outbox.send({ channel: 'sms', to: details.Destination, subject: null, body, code });
    } else {
      this.outbox.send({ channel: 'email', to: details.Destination, subject, body, code });
    }
  }
}

/** How Cognito shows a destination back to the client: `a***@e***` / `+*******1234`. */
export function maskDestination(medium: 'SMS' | 'EMAIL', destination: string): string {
  if (medium === 'SMS') return `+${'*'.repeat(Math.max(destination.length - 5, 0))}${destination.slice(-4)}`;
  const [local, domain = ''] = destination.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}
