/**
 * The pool's password policy (domain/identity.ts PASSWORD_POLICY). cognito-local stores the
 * policy but never checks it, so weak passwords would pass locally and fail in AWS.
 */
import { PASSWORD_POLICY } from '../../domain/identity.ts';
import { cognitoError } from './cognito-local.ts';

export function passwordProblems(password: unknown): string[] {
  const p = typeof password === 'string' ? password : '';
  const problems: string[] = [];
  if (p.length < PASSWORD_POLICY.minLength) problems.push('Password not long enough');
  if (PASSWORD_POLICY.requireUppercase && !/[A-Z]/.test(p)) problems.push('Password must have uppercase characters');
  if (PASSWORD_POLICY.requireLowercase && !/[a-z]/.test(p)) problems.push('Password must have lowercase characters');
  if (PASSWORD_POLICY.requireDigits && !/[0-9]/.test(p)) problems.push('Password must have numeric characters');
  if (PASSWORD_POLICY.requireSymbols && !/[^A-Za-z0-9]/.test(p)) problems.push('Password must have symbol characters');
  return problems;
}

export function assertPasswordPolicy(password: unknown): void {
  const problems = passwordProblems(password);
  if (problems.length) throw cognitoError('InvalidPasswordException', `Password did not conform with policy: ${problems[0]}`);
}

/** Request field holding the new password, per target. */
export const PASSWORD_FIELDS: Record<string, string> = {
  SignUp: 'Password',
  ChangePassword: 'ProposedPassword',
  ConfirmForgotPassword: 'Password',
  AdminSetUserPassword: 'Password',
};
