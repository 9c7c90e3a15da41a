/**
 * The provider sent with a payer enrollment (issue 16): the practice's billing provider as the
 * clearinghouse's provider record — name (insurance setting), the NPI being enrolled, the tax id
 * (billing settings), and the contact the payer writes to (the practice's address, phone and e-mail).
 * Nothing about clients. What is missing is refused naming the setting to fill in; nothing is sent.
 */
import { Refusal } from '../shared/refusal.ts';
import { settingsKey } from '../../domain/practice.ts';
import type { ProviderInput } from '../shared/clearinghouse/enrollment.ts';
import { getItem, type Item } from './store.ts';

export const ENROLLMENT_MESSAGES = {
  name: 'Add the billing provider’s name (Billing And Service: insurance setting) before requesting enrollment.',
  taxId: 'Add the practice’s tax id (Billing And Service: billing settings) before requesting enrollment.',
  address: 'Add the practice’s address — street, city, state and ZIP code (Billing And Service: insurance setting or billing settings) — before requesting enrollment.',
  phone: 'Add the practice’s phone number (Practice details) before requesting enrollment.',
  email: 'Add the practice’s e-mail (Practice details) before requesting enrollment; the payer writes to it about the enrollment.',
} as const;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

export async function enrollmentProvider(practiceId: string, npi: string): Promise<ProviderInput> {
  const [insuranceSetting, billing, details] = await Promise.all([
    getItem(settingsKey(practiceId, 'InsuranceSetting')), getItem(settingsKey(practiceId, 'BillingSettings')), getItem(settingsKey(practiceId, 'PracticeDetails')),
  ]);
  const providerInfo = ((insuranceSetting?.data as Item | undefined)?.providerInfo ?? {}) as Item;
  const billingData = (billing?.data ?? {}) as Item;
  const practice = (details?.data ?? {}) as Item;
  const names = (providerInfo.names ?? {}) as Item;
  const name = providerInfo.type === 'individual' ? [text(names.firstName), text(names.lastName)].filter(Boolean).join(' ') || null : text(providerInfo.practiceName);
  const refuse = (message: string, field: string): never => {
    throw new Refusal(message, 'ValidationError', [{ field, reason: 'required' }]);
  };
  if (!name) refuse(ENROLLMENT_MESSAGES.name, 'providerInfo.practiceName');
  const taxId = (text(billingData.taxId) ?? '').replace(/[^0-9]/g, '');
  if (taxId.length !== 9) refuse(ENROLLMENT_MESSAGES.taxId, 'taxId');
  const own = (providerInfo.address ?? {}) as Item;
  const fallback = (billingData.address ?? {}) as Item;
  const street = text(own.street) ?? text(fallback.line1);
  const city = text(own.city) ?? text(fallback.city);
  const state = text(own.state) ?? text(fallback.state);
  const zip = (text(own.zip) ?? text(fallback.zip) ?? '').replace(/[^0-9]/g, '').slice(0, 5);
  if (!street || !city || !state || zip.length !== 5) refuse(ENROLLMENT_MESSAGES.address, 'address');
  // E.164 (+1 and ten digits) as the ten digits Stedi asks for.
  const phone = (text((practice.phone as Item | undefined)?.number) ?? '').replace(/[^0-9]/g, '').replace(/^1(?=\d{10}$)/, '');
  if (phone.length !== 10) refuse(ENROLLMENT_MESSAGES.phone, 'phone');
  const email = text(practice.email);
  if (!email) refuse(ENROLLMENT_MESSAGES.email, 'email');
  return {
    name: name!, npi, taxId, taxIdType: 'EIN',
    contact: { organizationName: name!, streetAddress1: street!, city: city!, state: state!, zipCode: zip, phone, email: email! },
  };
}
