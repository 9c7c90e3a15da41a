/**
 * 271 (005010X279A1, eligibility response) as raw X12 → the eligibility helper's summary (issue 16).
 * The segments are read into the same shape as Stedi's 271 JSON (StediEligibilityResponse), so one
 * mapping (mapStediEligibility in ../eligibility.ts) decides what the clinician sees for both.
 *
 * Read: NM1*PR (payer), NM1*IL + REF*6P/18 (member, group, plan), DTP*291/346/347/307 (plan dates),
 * EB (benefits: EB01 code, EB02 level, EB03 service types (repeating), EB04 insurance type, EB05 plan,
 * EB06 time period, EB07 amount, EB08 percent, EB09/10 quantity, EB11 authorization, EB12 network),
 * III*ZZ (place of service under an EB: 02/10 = telehealth) and AAA (the payer's reject reasons).
 */
import { mapStediEligibility, type EligibilitySummary, type StediBenefit, type StediEligibilityResponse } from '../eligibility.ts';
import { el, parseX12 } from './segments.ts';

/** AAA03 reject reasons (X12 code list 901) a 271 may carry, in words. */
const REJECT_TEXT: Record<string, string> = {
  '15': 'Required application data missing',
  '41': 'Authorization/access restrictions',
  '42': 'Unable to respond at current time',
  '43': 'Invalid/missing provider identification',
  '58': 'Invalid/missing date of birth',
  '62': 'Date of service not within allowable inquiry period',
  '64': 'Invalid/missing patient id',
  '65': 'Invalid/missing patient name',
  '67': 'Patient not found',
  '71': 'Patient birth date does not match that for the patient on the database',
  '72': 'Invalid/missing subscriber/insured id',
  '73': 'Invalid/missing subscriber/insured name',
  '75': 'Subscriber/insured not found',
  '76': 'Duplicate subscriber/insured id number',
  '79': 'Invalid participant identification',
  '80': 'No response received - transaction terminated',
};

/** The 271's segments in Stedi's JSON shape. */
export function parse271(raw: string): StediEligibilityResponse {
  const { separators: seps, segments } = parseX12(raw);
  const st = segments.find((s) => s.id === 'ST');
  if (!st || el(st, 1) !== '271') throw new Error('not a 271 eligibility response');
  const out: StediEligibilityResponse = { benefitsInformation: [], errors: [] };
  let entity = '';
  let benefit: StediBenefit | undefined;
  const dates: NonNullable<StediEligibilityResponse['planDateInformation']> = {};
  for (const s of segments) {
    switch (s.id) {
      case 'NM1':
        entity = el(s, 1);
        benefit = undefined;
        if (entity === 'PR') out.payer = { name: el(s, 3), payorIdentification: el(s, 9) };
        if (entity === 'IL') out.subscriber = { lastName: el(s, 3), firstName: el(s, 4), memberId: el(s, 9) };
        break;
      case 'REF':
        if (entity === 'IL' && !benefit && el(s, 1) === '6P') out.planInformation = { ...out.planInformation, groupNumber: el(s, 2), ...(el(s, 3) ? { groupDescription: el(s, 3) } : {}) };
        if (entity === 'IL' && !benefit && el(s, 1) === '18') out.planInformation = { ...out.planInformation, planNumber: el(s, 2), ...(el(s, 3) ? { planDescription: el(s, 3) } : {}) };
        break;
      case 'DMG':
        if (entity === 'IL' && out.subscriber) out.subscriber.dateOfBirth = el(s, 2);
        break;
      case 'DTP':
        if (benefit || entity !== 'IL') break;
        if (el(s, 1) === '291') dates.plan = el(s, 3);
        if (el(s, 1) === '346') dates.planBegin = el(s, 3);
        if (el(s, 1) === '347') dates.planEnd = el(s, 3);
        if (el(s, 1) === '307') dates.eligibility = el(s, 3);
        break;
      case 'AAA':
        out.errors!.push({ code: el(s, 3), description: REJECT_TEXT[el(s, 3)] ?? `Rejected (reason ${el(s, 3)})`, followupAction: el(s, 4) });
        break;
      case 'EB': {
        const value = (n: number) => (el(s, n) === '' ? undefined : el(s, n));
        benefit = Object.fromEntries(
          Object.entries({
            code: value(1),
            coverageLevelCode: value(2),
            serviceTypeCodes: value(3)?.split(seps.repetition),
            insuranceTypeCode: value(4),
            planCoverage: value(5),
            timeQualifierCode: value(6),
            benefitAmount: value(7),
            benefitPercent: value(8),
            quantityQualifierCode: value(9),
            benefitQuantity: value(10),
            authOrCertIndicator: value(11),
            inPlanNetworkIndicatorCode: value(12),
          }).filter(([, v]) => v !== undefined),
        );
        out.benefitsInformation!.push(benefit);
        break;
      }
      case 'III':
        if (benefit) {
          const list = (benefit.eligibilityAdditionalInformationList ??= []);
          list.push({ codeListQualifierCode: el(s, 1), industryCode: el(s, 2) });
        }
        break;
    }
  }
  if (Object.keys(dates).length > 0) out.planDateInformation = dates;
  return out;
}

/** A raw X12 271 → the summary the clinician reads. */
export function summarize271(raw: string): EligibilitySummary {
  return mapStediEligibility(parse271(raw));
}
