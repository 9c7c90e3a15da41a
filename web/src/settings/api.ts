/** Practice settings (schema.graphql PracticeDetails, BillingSettings; get/edit, versioned). */
import { call } from './graphql';

const PRACTICE_FIELDS = `therapistId updatedAt name timezone email phone { number type }
  locations { name street city state zip insurancePlaceOfService } telehealthOffice cancellationPolicy version`;
const BILLING_FIELDS = `therapistId updatedAt currency taxId organizationNPI invoicePastDue { days sendEmail }
  address { line1 line2 city state zip unitBilling } invoiceSetting { defaultText automateOn } superBillGeneration { days }
  deliveryDelay { numMinutes } billingClientDocument { monthlyStatements monthlySuperBills emailNotification } autoplay version`;

export interface PracticeLocation {
  name: string;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  insurancePlaceOfService: string | null;
}

export interface PracticeDetails {
  therapistId: string;
  updatedAt: string | null;
  name: string | null;
  timezone: string;
  email: string | null;
  phone: { number: string | null; type: string | null };
  locations: PracticeLocation[];
  telehealthOffice: string | null;
  cancellationPolicy: string | null;
  version: number;
}

/** Billing settings as the API returns them (nested; see schema.graphql). */
export type BillingSettings = Record<string, unknown> & { version: number };

export function getPracticeDetails(): Promise<PracticeDetails> {
  return call(`query GetPracticeDetails { getPracticeDetails { ${PRACTICE_FIELDS} } }`, {}, (d) => d.getPracticeDetails as PracticeDetails);
}

export function editPracticeDetails(version: number, input: Record<string, unknown>): Promise<PracticeDetails> {
  return call(
    `mutation EditPracticeDetails($version: Int!, $input: PracticeDetailsInput!) { editPracticeDetails(version: $version, input: $input) { ${PRACTICE_FIELDS} } }`,
    { version, input },
    (d) => d.editPracticeDetails as PracticeDetails,
  );
}

export function getBillingSettings(): Promise<BillingSettings> {
  return call(`query GetBillingSettings { getBillingSettings { ${BILLING_FIELDS} } }`, {}, (d) => d.getBillingSettings as BillingSettings);
}

export function editBillingSettings(version: number, input: Record<string, unknown>): Promise<BillingSettings> {
  return call(
    `mutation EditBillingSettings($version: Int!, $input: BillingSettingsInput!) { editBillingSettings(version: $version, input: $input) { ${BILLING_FIELDS} } }`,
    { version, input },
    (d) => d.editBillingSettings as BillingSettings,
  );
}
