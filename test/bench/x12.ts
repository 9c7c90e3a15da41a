/**
 * X12 figures (issue 16), pure (no runtime): 837P generation for a month of a 20-clinician practice
 * (≈ 2 200 claims, written as 22 files of 100 claims, each checked by check837P) and posting an 835
 * with 1 000 claim payments (parse + proposal against 1 000 claims on file).
 * `npx tsx test/bench/x12.ts` prints the rows alone; `npm run bench` includes them.
 */
import { build837P, nextControlNumbers } from '../../domain/insurance/x12/claim-837p.ts';
import { check837P } from '../../domain/insurance/x12/check-837p.ts';
import { parse835 } from '../../domain/insurance/era.ts';
import { proposePosting, type ClaimForPosting } from '../../domain/insurance/era-posting.ts';
import type { ClaimBundle, ControlNumbers } from '../../domain/insurance/x12/claim-input.ts';
import { amount, writeSegment, type Segment } from '../../domain/insurance/x12/segments.ts';
import { DEPENDENT, SELF_SUBSCRIBER, TELEHEALTH, claimFile } from '../unit/domain/insurance/claim-fixtures.ts';
import { billingProviderOf, buildClaimBundle, claimIdFor } from '../../domain/insurance/claims.ts';
import { scrubClaim, scrubPasses } from '../../domain/insurance/scrub.ts';

const CLINICIANS = 20;
const CLAIMS = 2200;
const PER_FILE = 100;

function monthOfClaims(): ClaimBundle[] {
  const shapes = [SELF_SUBSCRIBER, DEPENDENT, TELEHEALTH];
  return Array.from({ length: CLAIMS }, (_, i) => {
    const base = shapes[i % shapes.length];
    const day = String(1 + (i % 28)).padStart(2, '0');
    const pcn = `C2611${String(i).padStart(7, '0')}`;
    return {
      ...base,
      rendering: { ...base.rendering, name: { ...base.rendering.name, first: `Clinician${i % CLINICIANS}` } },
      subscriber: { ...base.subscriber, memberId: `W${String(100000000 + i)}` },
      claim: { ...base.claim, patientControlNumber: pcn, lines: base.claim.lines.map((l) => ({ ...l, serviceDate: `2026-11-${day}`, lineControlNumber: `${pcn}A` })) },
    };
  });
}

function era835(claims: ClaimForPosting[]): string {
  const segs: Segment[] = [
    ['ST', '835', '0001'],
    ['BPR', 'I', amount(claims.length * 9000), 'C', 'ACH', 'CCP', '01', '999999992', 'DA', '123456', '1066033492', undefined, '01', '999988880', 'DA', '98765', '20261201'],
    ['TRN', '1', 'EFT2026120199999', '1066033492'],
    ['N1', 'PR', 'AETNA'],
    ['REF', '2U', '60054'],
    ['N1', 'PE', 'HARBOR LIGHT COUNSELING GROUP', 'XX', '1234567893'],
    ['LX', '1'],
  ];
  for (const c of claims) {
    segs.push(
      ['CLP', c.patientControlNumber, '1', '140', '90', '0', '12', `E${c.patientControlNumber}`, '11', '1'],
      ['NM1', 'QC', '1', 'DOE', 'JANE', undefined, undefined, undefined, 'MI', c.memberId],
      ['SVC', ['HC', '90834'], '140', '90', undefined, '1'],
      ['DTM', '472', c.lines[0].serviceDate.replace(/-/g, '')],
      ['CAS', 'CO', '45', '50'],
      ['REF', '6R', c.lines[0].lineControlNumber ?? ''],
    );
  }
  segs.push(['SE', String(segs.length + 1), '0001']);
  const isa = 'ISA*00*          *00*          *ZZ*AETNA          *ZZ*HLCG0001       *261201*0615*^*00501*000009999*0*T*:~';
  return [isa, writeSegment(['GS', 'HP', 'AETNA', 'HLCG0001', '20261201', '0615', '9999', 'X', '005010X221A1']), ...segs.map((s) => writeSegment(s)), 'GE*1*9999~', 'IEA*1*000009999~'].join('\n');
}

export function benchX12(): Array<[string, string]> {
  const claims = monthOfClaims();
  let control: ControlNumbers | undefined;
  const t0 = performance.now();
  const files: string[] = [];
  for (let i = 0; i < claims.length; i += PER_FILE) {
    control = nextControlNumbers(control);
    files.push(build837P({ ...claimFile(claims.slice(i, i + PER_FILE), 0), control }));
  }
  const buildMs = performance.now() - t0;
  const t1 = performance.now();
  const problems = files.flatMap((f) => check837P(f));
  const checkMs = performance.now() - t1;
  if (problems.length > 0) throw new Error(`bench 837P files fail the checker: ${problems[0]}`);

  const onFile: ClaimForPosting[] = claims.slice(0, 1000).map((b, i) => ({
    claimId: `claim-${i}`,
    clientId: `client-${i}`,
    patientControlNumber: b.claim.patientControlNumber,
    payerClaimNumbers: [],
    memberId: b.subscriber.memberId,
    chargeCents: 14000,
    lines: [{ lineId: `line-${i}`, lineControlNumber: b.claim.lines[0].lineControlNumber, procedureCode: '90834', modifiers: [], serviceDate: b.claim.lines[0].serviceDate, chargeCents: 14000 }],
    posted: { eraKeys: [], adjudicatedLineIds: [], paidCents: 0, patientResponsibilityCents: 0 },
  }));
  const raw = era835(onFile);
  const t2 = performance.now();
  const proposal = proposePosting(parse835(raw), onFile);
  const postMs = performance.now() - t2;
  if (proposal.claims.length !== 1000 || !proposal.balanced) throw new Error('bench 835 did not post 1000 balanced claims');
  // Claim creation as the claims Lambda does it (one claim per session): the bundle from the
  // record, the scrubber, one 837P per claim — the data reads and writes are not in this figure.
  const setting = { providerInfo: { type: 'organization', practiceName: 'Harbor Light Counseling', npi: '1234567893', taxonomyCode: '261QM0801X', address: { street: '200 Harbor St', city: 'Portland', state: 'OR', zip: '97204-1234' } }, serviceLocation: { includeInClaim: false } };
  const billingProvider = billingProviderOf(setting, { taxId: '84-1234567' });
  const t3 = performance.now();
  let made = 0;
  for (let i = 0; i < CLAIMS; i++) {
    const id = claimIdFor(`line-${i}`);
    const bundle = buildClaimBundle({
      claimId: id, payerName: 'Aetna', frequencyCode: '1', insuranceSetting: setting,
      line: { id: `line-${i}`, date: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}`, serviceCode: '90834', units: 1, feeCents: 14000, placeOfService: i % 3 === 0 ? '10' : '11' },
      client: { personalDetail: { first: 'Maren', last: `Client${i}` }, dateOfBirth: '04/12/1987', gender: 'female', address: { line1: '9 Elm St', city: 'Portland', state: 'OR', zip: '97209-1234' } },
      insurance: { insuranceInfo: { payerId: '60054', memberId: `W${100000000 + i}`, primaryInsured: { relationship: 'self' } }, additionalClaimInfo: { diagnoses: ['F41.1'] } },
      clinician: { provider: { firstName: `Clinician${i % CLINICIANS}`, lastName: 'Rivera', npi: '1987654328', taxonomyCode: '101YP2500X' } },
    });
    if (!scrubPasses(scrubClaim(bundle, { today: '2026-11-26', billing: billingProvider, claimsOnFile: [], authorizations: [] }))) throw new Error('bench claim fails the scrubber');
    build837P({ ...claimFile([bundle], 0), billing: billingProvider, control: nextControlNumbers({ interchange: i, group: i, transaction: 1 }) });
    made++;
  }
  const createMs = performance.now() - t3;
  return [
    [`claim creation: ${made} sessions → bundle + scrub + one 837P each (${CLINICIANS} clinicians, a month)`, `${createMs.toFixed(0)} ms (${Math.round(made / (createMs / 1000))} claims/s)`],
    [`837P: ${CLAIMS} claims (${files.length} files, ${CLINICIANS} clinicians, a month)`, `${buildMs.toFixed(0)} ms (${Math.round(CLAIMS / (buildMs / 1000))} claims/s)`],
    [`837P: structural check of those ${files.length} files`, `${checkMs.toFixed(0)} ms`],
    ['835: parse + posting proposal, 1 000 claim payments', `${postMs.toFixed(0)} ms`],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [k, v] of benchX12()) console.log(`| ${k} | ${v} |`);
}
