/**
 * The billing Lambda's payload and shared pieces (issue 15): the caller comes from `authorize`
 * (practice and roles from the membership, never from arguments); a client principal's usable
 * links from CLIENT_AUTHORIZE. Refusals carry the message the caller sees; nothing is written
 * when one is raised.
 */
import { ROLE_PERMISSIONS, PERMISSIONS } from '../../domain/permissions.ts';
import type { Role } from '../../domain/identity.ts';
import { invalid, notFound, type AuditNote, type Item, type MemberAnswer, type MemberResult } from '../shared/member-answer.ts';
import { Refusal } from '../shared/refusal.ts';

export interface Caller {
  sub: string;
  practiceId: string;
  roles: string[];
  groups?: string[];
}

export interface ClientPrincipal {
  sub: string;
  links: { practiceId: string; clientId: string }[];
}

export interface BillingRequest {
  field: string;
  caller?: Caller;
  client?: ClientPrincipal;
  cursor?: string | null;
  args: Record<string, unknown>;
}

export { invalid, notFound, type AuditNote, type Item };
export type BillingAnswer = MemberAnswer;
export type BillingResult = MemberResult;
export const conflict = (message = BILLING_MESSAGES.changed) => new Refusal(message, 'ConflictError');

export const BILLING_MESSAGES = {
  clientNotFound: 'Client not found',
  invoiceNotFound: 'Invoice not found',
  paymentNotFound: 'Payment not found',
  changed: 'This record was changed by someone else. Reload it and try again.',
  lineTaken: 'A session you chose is already on an invoice, or no longer billable. Reload the sessions and try again.',
  noLines: 'Choose between 1 and 50 sessions of this client to invoice.',
  voidNotPayable: 'This invoice is void and cannot be paid.',
  paidNotPayable: 'This invoice is already paid.',
  draftNotPayable: 'Send this invoice before recording a payment on it.',
  notDraft: 'Only a draft invoice can be sent.',
  alreadyVoid: 'This invoice is already void.',
  amount: 'Enter an amount between $0.01 and $100,000.',
  method: 'Choose cash, check or external.',
  date: 'Enter the payment date (not in the future).',
  refundTooMuch: 'A refund can return at most what this payment left as the client\'s credit.',
  requestReused: 'This request id was already used for something else.',
} as const;

/** Whose billing the caller reaches: the whole practice's, or their own clients' (therapistId = caller). */
export function billingScope(roles: string[]): 'all' | 'own' {
  const P = PERMISSIONS;
  const all = roles.some((r) => {
    const perms = (ROLE_PERMISSIONS as Record<string, string[]>)[r as Role] ?? [];
    return perms.includes(P.clientBilling) || perms.includes(P.billing) || perms.includes(P.clientBillingNoClaims);
  });
  return all ? 'all' : 'own';
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID.test(value);
}
