/**
 * Practice settings (spec part 2 §3 "Practice details", "Billing settings", "Insurance setting"):
 * validation, normalisation and item keys (field readers: field-readers.ts). Pure and APPSYNC_JS-safe (bundled into resolvers; linted by
 * @aws-appsync/eslint-plugin): no regex, no for(;;)/while, no try, no recursion. Problems name
 * fields and rules, never values (PHI).
 */
import type { FieldProblem } from './client.ts';
import { refusalSentences } from './human-text.ts';
import { validateNotificationSettings } from './notifications.ts';
import { SETTINGS_MAX, allIn, readObject, onlyKeys, readText, readName, requireValue, readFlag, readInt, readPhone, readEmail, readState, readZip, isValidNpi, readNpi, readTaxId, readTaxonomyCode, TIMEZONE_AREAS, DEFAULT_TIMEZONE, isValidTimezone, readPlaceOfService } from './field-readers.ts';

// The readers live in field-readers.ts; re-exported for team.ts, profile.ts and the resolvers.
export { SETTINGS_MAX, allIn, readObject, onlyKeys, readText, readName, requireValue, readFlag, readInt, readPhone, readEmail, readState, readZip, isValidNpi, readNpi, readTaxId, readTaxonomyCode, TIMEZONE_AREAS, DEFAULT_TIMEZONE, isValidTimezone, readPlaceOfService };


export type { FieldProblem };

export interface SettingsValidation {
  problems: FieldProblem[];
  data: Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------
// Practice details

const PRACTICE_FIELDS = ['name', 'timezone', 'email', 'phone', 'locations', 'telehealthOffice', 'cancellationPolicy'];
const LOCATION_FIELDS = ['name', 'street', 'city', 'zip', 'state', 'insurancePlaceOfService'];

/** Required: name. Timezone IANA (default US/Pacific); phone E.164 with a type; up to 20 locations, each named. */
export function validatePracticeDetails(input: unknown): SettingsValidation {
  const problems: FieldProblem[] = [];
  const root = readObject(input, 'input', problems);
  onlyKeys(root, PRACTICE_FIELDS, '', problems);
  const name = requireValue(readText(root.name, 'name', SETTINGS_MAX.name, problems), 'name', problems);
  let timezone = readText(root.timezone, 'timezone', 64, problems);
  if (timezone !== null && !isValidTimezone(timezone)) {
    problems.push({ field: 'timezone', reason: 'format' });
    timezone = null;
  }
  const phone = readObject(root.phone, 'phone', problems);
  onlyKeys(phone, ['number', 'type'], 'phone.', problems);
  let locationInputs: unknown[] = [];
  if (root.locations !== null && root.locations !== undefined) {
    if (!Array.isArray(root.locations)) {
      problems.push({ field: 'locations', reason: 'format' });
    } else if (root.locations.length > SETTINGS_MAX.locations) {
      problems.push({ field: 'locations', reason: 'length' });
    } else {
      locationInputs = root.locations;
    }
  }
  const locations = locationInputs.map((value, i) => {
    const prefix = 'locations.' + i + '.';
    const loc = readObject(value, 'locations.' + i, problems);
    onlyKeys(loc, LOCATION_FIELDS, prefix, problems);
    const state = readState(loc.state, prefix + 'state', problems);
    return {
      name: requireValue(readText(loc.name, prefix + 'name', SETTINGS_MAX.name, problems), prefix + 'name', problems),
      street: readText(loc.street, prefix + 'street', SETTINGS_MAX.line, problems),
      city: readText(loc.city, prefix + 'city', SETTINGS_MAX.name, problems),
      state: state,
      zip: readZip(loc.zip, prefix + 'zip', state, problems),
      insurancePlaceOfService: readPlaceOfService(loc.insurancePlaceOfService, prefix + 'insurancePlaceOfService', problems),
    };
  });
  return {
    problems: problems,
    data: {
      name: name,
      timezone: timezone === null ? DEFAULT_TIMEZONE : timezone,
      email: readEmail(root.email, 'email', problems),
      phone: { number: readPhone(phone.number, 'phone.number', problems), type: readText(phone.type, 'phone.type', SETTINGS_MAX.short, problems) },
      locations: locations,
      telehealthOffice: readText(root.telehealthOffice, 'telehealthOffice', SETTINGS_MAX.line, problems),
      cancellationPolicy: readText(root.cancellationPolicy, 'cancellationPolicy', SETTINGS_MAX.text, problems, true),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Billing settings

const BILLING_FIELDS = [
  'currency', 'taxId', 'organizationNPI', 'invoicePastDue', 'address', 'invoiceSetting', 'superBillGeneration', 'deliveryDelay', 'billingClientDocument', 'autoplay',
];
export const CURRENCIES = ['USD', 'CAD'];

/** Every field optional; currency USD/CAD (default USD); tax id and zip hyphens stripped (spec §5); NPI check digit. */
export function validateBillingSettings(input: unknown): SettingsValidation {
  const problems: FieldProblem[] = [];
  const root = readObject(input, 'input', problems);
  onlyKeys(root, BILLING_FIELDS, '', problems);
  let currency = readText(root.currency, 'currency', 3, problems);
  if (currency !== null && CURRENCIES.indexOf(currency.toUpperCase()) < 0) {
    problems.push({ field: 'currency', reason: 'format' });
    currency = null;
  }
  const pastDue = readObject(root.invoicePastDue, 'invoicePastDue', problems);
  onlyKeys(pastDue, ['days', 'sendEmail'], 'invoicePastDue.', problems);
  const address = readObject(root.address, 'address', problems);
  onlyKeys(address, ['line1', 'line2', 'city', 'state', 'zip', 'unitBilling'], 'address.', problems);
  const invoice = readObject(root.invoiceSetting, 'invoiceSetting', problems);
  onlyKeys(invoice, ['defaultText', 'automateOn'], 'invoiceSetting.', problems);
  const superBill = readObject(root.superBillGeneration, 'superBillGeneration', problems);
  onlyKeys(superBill, ['days'], 'superBillGeneration.', problems);
  const delay = readObject(root.deliveryDelay, 'deliveryDelay', problems);
  onlyKeys(delay, ['numMinutes'], 'deliveryDelay.', problems);
  const docs = readObject(root.billingClientDocument, 'billingClientDocument', problems);
  onlyKeys(docs, ['monthlyStatements', 'monthlySuperBills', 'emailNotification'], 'billingClientDocument.', problems);
  const state = readState(address.state, 'address.state', problems);
  return {
    problems: problems,
    data: {
      currency: currency === null ? 'USD' : currency.toUpperCase(),
      taxId: readTaxId(root.taxId, 'taxId', problems),
      organizationNPI: readNpi(root.organizationNPI, 'organizationNPI', problems),
      invoicePastDue: { days: readInt(pastDue.days, 'invoicePastDue.days', 0, 365, problems), sendEmail: readFlag(pastDue.sendEmail, 'invoicePastDue.sendEmail', false, problems) },
      address: {
        line1: readText(address.line1, 'address.line1', SETTINGS_MAX.line, problems),
        line2: readText(address.line2, 'address.line2', SETTINGS_MAX.line, problems),
        city: readText(address.city, 'address.city', SETTINGS_MAX.name, problems),
        state: state,
        zip: readZip(address.zip, 'address.zip', state, problems, true),
        unitBilling: readFlag(address.unitBilling, 'address.unitBilling', false, problems),
      },
      invoiceSetting: {
        defaultText: readText(invoice.defaultText, 'invoiceSetting.defaultText', SETTINGS_MAX.text, problems, true),
        automateOn: readInt(invoice.automateOn, 'invoiceSetting.automateOn', 1, 28, problems),
      },
      superBillGeneration: { days: readInt(superBill.days, 'superBillGeneration.days', 0, 365, problems) },
      deliveryDelay: { numMinutes: readInt(delay.numMinutes, 'deliveryDelay.numMinutes', 0, 10080, problems) },
      billingClientDocument: {
        monthlyStatements: readFlag(docs.monthlyStatements, 'billingClientDocument.monthlyStatements', false, problems),
        monthlySuperBills: readFlag(docs.monthlySuperBills, 'billingClientDocument.monthlySuperBills', false, problems),
        emailNotification: readFlag(docs.emailNotification, 'billingClientDocument.emailNotification', false, problems),
      },
      autoplay: readFlag(root.autoplay, 'autoplay', false, problems),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Insurance setting

export const PROVIDER_TYPES = ['individual', 'organization'];

/** providerInfo {type individual|organization, practiceDefault, names, practiceName, address, npi, taxonomyCode}; tax-free. */
export function validateInsuranceSetting(input: unknown): SettingsValidation {
  const problems: FieldProblem[] = [];
  const root = readObject(input, 'input', problems);
  onlyKeys(root, ['providerInfo', 'serviceLocation', 'superBillSetting'], '', problems);
  const info = readObject(root.providerInfo, 'providerInfo', problems);
  onlyKeys(info, ['type', 'practiceDefault', 'names', 'practiceName', 'address', 'npi', 'taxonomyCode'], 'providerInfo.', problems);
  const names = readObject(info.names, 'providerInfo.names', problems);
  onlyKeys(names, ['firstName', 'lastName'], 'providerInfo.names.', problems);
  const address = readObject(info.address, 'providerInfo.address', problems);
  onlyKeys(address, ['street', 'city', 'state', 'zip'], 'providerInfo.address.', problems);
  const location = readObject(root.serviceLocation, 'serviceLocation', problems);
  onlyKeys(location, ['includeInClaim'], 'serviceLocation.', problems);
  const superBill = readObject(root.superBillSetting, 'superBillSetting', problems);
  onlyKeys(superBill, ['multipleDiagnosis'], 'superBillSetting.', problems);
  let type = readText(info.type, 'providerInfo.type', SETTINGS_MAX.short, problems);
  if (type !== null && PROVIDER_TYPES.indexOf(type) < 0) {
    problems.push({ field: 'providerInfo.type', reason: 'format' });
    type = null;
  }
  const state = readState(address.state, 'providerInfo.address.state', problems);
  return {
    problems: problems,
    data: {
      providerInfo: {
        type: type,
        practiceDefault: readFlag(info.practiceDefault, 'providerInfo.practiceDefault', false, problems),
        names: {
          firstName: readName(names.firstName, 'providerInfo.names.firstName', SETTINGS_MAX.name, problems),
          lastName: readName(names.lastName, 'providerInfo.names.lastName', SETTINGS_MAX.name, problems),
        },
        practiceName: readText(info.practiceName, 'providerInfo.practiceName', SETTINGS_MAX.name, problems),
        address: {
          street: readText(address.street, 'providerInfo.address.street', SETTINGS_MAX.line, problems),
          city: readText(address.city, 'providerInfo.address.city', SETTINGS_MAX.name, problems),
          state: state,
          zip: readZip(address.zip, 'providerInfo.address.zip', state, problems, true),
        },
        npi: readNpi(info.npi, 'providerInfo.npi', problems),
        taxonomyCode: readTaxonomyCode(info.taxonomyCode, 'providerInfo.taxonomyCode', problems),
      },
      serviceLocation: { includeInClaim: readFlag(location.includeInClaim, 'serviceLocation.includeInClaim', false, problems) },
      superBillSetting: { multipleDiagnosis: readFlag(superBill.multipleDiagnosis, 'superBillSetting.multipleDiagnosis', false, problems) },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Items

export const SETTINGS_KINDS = ['PracticeDetails', 'BillingSettings', 'InsuranceSetting', 'NotificationSettings'] as const;
export type SettingsKind = (typeof SETTINGS_KINDS)[number];

/** The settings kind a field reads or edits (getPracticeDetails → PracticeDetails), or null. */
export function settingsKindOf(fieldName: string): SettingsKind | null {
  const kind = fieldName.indexOf('get') === 0 ? fieldName.substring(3) : fieldName.indexOf('edit') === 0 ? fieldName.substring(4) : '';
  const kinds: string[] = ['PracticeDetails', 'BillingSettings', 'InsuranceSetting', 'NotificationSettings'];
  return kinds.indexOf(kind) >= 0 ? (kind as SettingsKind) : null;
}

export function settingsKey(practiceId: string, kind: SettingsKind): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'Settings#' + kind };
}

export function validateSettings(kind: SettingsKind, input: unknown): SettingsValidation {
  if (kind === 'PracticeDetails') {
    return validatePracticeDetails(input);
  }
  if (kind === 'BillingSettings') {
    return validateBillingSettings(input);
  }
  if (kind === 'NotificationSettings') {
    return validateNotificationSettings(input);
  }
  return validateInsuranceSetting(input);
}

/** What a practice that never saved the settings reads: the defaults, version 0. */
export function defaultSettings(kind: SettingsKind): Record<string, unknown> {
  return validateSettings(kind, kind === 'PracticeDetails' ? { name: '' } : {}).data;
}

/** The API shape of a stored settings item (or the defaults when none is stored). */
export function toSettings(kind: SettingsKind, practiceId: string, item: Record<string, unknown> | null): Record<string, unknown> {
  const data = item ? (item.data as Record<string, unknown>) : defaultSettings(kind);
  const out: Record<string, unknown> = Object.assign({}, data);
  out.therapistId = practiceId;
  out.version = item ? item.version : 0;
  out.updatedAt = item ? item.updatedAt : null;
  return out;
}

export function settingsProblemSummary(kind: SettingsKind, problems: FieldProblem[]): string {
  return 'Invalid ' + kind + ' input: ' + problems.map((p) => p.field + ' (' + p.reason + ')').join(', ') + refusalSentences(problems);
}

// ---------------------------------------------------------------------------------------------
// Apps used (spec part 2 §3 "Apps used"): which therapy apps the practice uses, its default app,
// and per-app flags hiding communities and health/nutrition (food, physical_activity). A practice
// without a saved record uses every app with nothing hidden (the demo practice: all apps).

export const APPS = ['ACT', 'DBT', 'IFS', 'CBT', 'COACH', 'MI'];

export function appsUsedKey(practiceId: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'Settings#AppsUsed' };
}

function appFlag(record: unknown, app: string): boolean {
  const flags = (record || {}) as Record<string, unknown>;
  return flags[app] === true;
}

/**
 * getAppsUsed / getAppsUsedByTeamOwner: every app true unless the record says otherwise; an app a
 * client shares entries from with the practice (`sharedApps`, set by functions/companion on the
 * saved record) counts as used (issue 14: the Apps menu reflects what the clients share).
 */
export function toAppsUsed(item: Record<string, unknown> | null): Record<string, unknown> {
  const apps: Record<string, boolean> = {};
  // A record without a saved list (only flags or shared apps on it) still uses every app.
  const stored = item && item.apps ? (item.apps as Record<string, unknown>) : null;
  const shared = (item ? item.sharedApps || {} : {}) as Record<string, unknown>;
  APPS.forEach((app) => {
    apps[app] = stored === null ? true : stored[app] === true || shared[app] === true;
  });
  return { apps: apps, defaultApp: item && typeof item.defaultApp === 'string' ? item.defaultApp : null };
}

export function toHideCommunities(item: Record<string, unknown> | null): Record<string, unknown>[] {
  const stored = item ? item.hideCommunities : null;
  return APPS.map((app) => ({ app: app, hide: appFlag(stored, app) }));
}

export function toHideHealthNutrition(item: Record<string, unknown> | null): Record<string, unknown>[] {
  const stored = ((item ? item.hideHealthNutrition : null) || {}) as Record<string, unknown>;
  return APPS.map((app) => {
    const flags = (stored[app] || {}) as Record<string, unknown>;
    return { app: app, food: flags.food === true, physicalActivity: flags.physical_activity === true };
  });
}
