/**
 * Held ERA payments matched by hand (issue 16, session 8) — registered by claims.test.ts on its one
 * runtime (this file is not a test file of its own). An uploaded 835 names a claim of ours by
 * nothing we know (its patient control number cut, an unknown payer claim number, the member id
 * mistyped) and a payment that is not ours: both are held with what the 835 says of them. The first
 * has our claim among its candidates and is posted on it by hand — paid with the amounts, the
 * insurance payment on the billing list, the client's share on the session — once: a second post is
 * refused in words and writes nothing, a claim of another practice is "Claim not found". The second
 * is marked not ours: kept, refused for posting, and the ERA's own posting leaves both as they are.
 */
import { expect, it } from 'vitest';
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import type { Runtime } from '../../local/runtime.ts';
import { tableName } from '../../domain/tables.ts';
import { claimKey } from '../../domain/insurance/claims.ts';
import { amount, writeSegment, type Segment } from '../../domain/insurance/x12/segments.ts';

type Body = { data?: any; errors?: Array<{ message: string; errorType?: string }> };
export interface ClaimsContext {
  runtime: () => Runtime;
  data: (who: string, query: string, variables?: Record<string, unknown>) => Promise<any>;
  call: (who: string, query: string, variables?: Record<string, unknown>) => Promise<Body>;
  insure: (who: string, clientId: string, memberId: string, diagnoses: string[] | null) => Promise<void>;
  attended: (who: string, clientId: string, daysAgo: number) => Promise<string>;
}

/** An 835 (005010X221A1) around `body` (from BPR to the last CLP's segments). */
export function build835(body: Segment[], control = '000004343'): string {
  return [
    ['ISA', '00', '          ', '00', '          ', 'ZZ', 'AETNA          ', 'ZZ', 'PRACTICEPORTAL ', '261201', '1200', '^', '00501', control, '0', 'T', ':'], ['GS', 'HP', 'AETNA', 'PRACTICEPORTAL', '20261201', '1200', '4343', 'X', '005010X221A1'], ['ST', '835', '0001'],
    ...body, ['SE', String(body.length + 2), '0001'], ['GE', '1', '4343'], ['IEA', '1', control],
  ].map((seg) => writeSegment(seg as Segment)).join('');
}

const HELD = 'item why reference amountCents payerClaimNumber patientName memberId serviceDates chargeCents resolution resolvedClaimId';
const ERA = `id status claims { claimId } held { ${HELD} }`;
const MATCH = `mutation ($e: ID!, $i: Int!, $c: ID!) { matchEraItem(eraId: $e, item: $i, claimId: $c) { ${ERA} } }`;
const NOT_OURS = `mutation ($e: ID!, $i: Int!) { markEraItemNotOurs(eraId: $e, item: $i) { ${ERA} } }`;
const CANDIDATES = 'query ($e: ID!, $i: Int!) { listEraCandidates(eraId: $e, item: $i) { claimId clientName memberId serviceDate chargeCents stage reasons daysApart } }';
const CLAIM = 'query ($id: ID!) { getClaim(id: $id) { id stage version paidCents clientResponsibilityCents chargeCents payerClaimNumber lines { serviceDate } history { to event actor role } } }';
const PAYMENTS = 'query ($c: ID) { listBilling(filter: InsurancePayment, clientId: $c) { items { amountCents } } }';

export function heldEraCases(ctx: ClaimsContext): void {
  it('a held ERA payment is posted by hand on the claim the biller chooses, once; another practice’s claim is refused; “not ours” stays held and is never posted', async () => {
    const { data, call } = ctx;
    const client = (await data('owner', 'mutation ($i: ClientInput!) { addClient(input: $i) { id } }', { i: { personalDetail: { first: 'Hana', last: 'Heldby' }, dateOfBirth: '03/02/1985', gender: 'female', address: { line1: '9 Elm St', city: 'Portland', state: 'OR', zip: '97209-1234' } } })).addClient.id;
    await ctx.insure('owner', client, 'SBX100000001', ['F41.1']);
    const line = await ctx.attended('owner', client, 44);
    const created = (await data('biller', 'mutation ($l: [ID!]!) { createClaims(sessionLineIds: $l) { id } }', { l: [line] })).createClaims[0];
    await data('biller', 'mutation ($ids: [ID!]!) { submitClaims(ids: $ids) { id } }', { ids: [created.id] });
    await data('biller', 'mutation ($ids: [ID!]) { refreshClaimStatus(ids: $ids) { id } }', { ids: [created.id] });
    const claim = (await data('biller', CLAIM, { id: created.id })).getClaim;
    expect(claim.stage).toBe('accepted');

    // The payer's 835: our claim under a cut control number, a payer claim number we never saw and a mistyped member id; and a stranger's payment.
    const charge = claim.chargeCents;
    const paid = Math.round(charge * 0.8) - 3000;
    const date = claim.lines[0].serviceDate;
    const body: Segment[] = [
      ['BPR', 'I', amount(paid + 10000), 'C', 'ACH', 'CCP', '01', '999999992', 'DA', '123456', '1512345678', '', '01', '999988880', 'DA', '98765', '20261201'], ['TRN', '1', `EFTHELD${created.id.slice(-6)}`, '1512345678'], ['DTM', '405', '20261201'],
      ['N1', 'PR', 'AETNA'], ['N3', 'PO BOX 981106'], ['N4', 'EL PASO', 'TX', '799981106'], ['REF', '2U', '60054'], ['PER', 'BL', 'EDI', 'TE', '8006242384'], ['N1', 'PE', 'OWENS FAMILY THERAPY', 'XX', '1234567893'], ['LX', '1'],
      ['CLP', 'HANA0001', '1', amount(charge), amount(paid), '30', '12', 'PAYERREF77', '11', '1'], ['NM1', 'QC', '1', 'HELDBY', 'HANA', '', '', '', 'MI', 'SBX10000000I'],
      ['SVC', ['HC', '90834'], amount(charge), amount(paid), '', '1'], ['DTM', '472', date.replace(/-/g, '')], ['CAS', 'CO', '45', amount(charge - paid - 3000)], ['CAS', 'PR', '3', '30'],
      ['CLP', 'ZZ0002', '1', '200', '100', '', '12', 'PAYERREF78', '11', '1'], ['NM1', 'QC', '1', 'STRANGER', 'SAM', '', '', '', 'MI', 'XYZ123'],
      ['SVC', ['HC', '90837'], '200', '100', '', '1'], ['DTM', '472', '20260105'], ['CAS', 'CO', '45', '100'],
    ];
    const era = (await data('biller', `mutation ($x: String!) { uploadEra(x12: $x) { ${ERA} } }`, { x: build835(body) })).uploadEra;
    expect(era).toMatchObject({ status: 'proposed', claims: [] });
    expect(era.held).toEqual([
      { item: 0, why: 'noMatch', reference: 'HANA0001', amountCents: paid, payerClaimNumber: 'PAYERREF77', patientName: 'HANA HELDBY', memberId: 'SBX10000000I', serviceDates: [date], chargeCents: charge, resolution: null, resolvedClaimId: null },
      { item: 1, why: 'noMatch', reference: 'ZZ0002', amountCents: 10000, payerClaimNumber: 'PAYERREF78', patientName: 'SAM STRANGER', memberId: 'XYZ123', serviceDates: ['2026-01-05'], chargeCents: 20000, resolution: null, resolvedClaimId: null },
    ]);
    const candidates = (await data('biller', CANDIDATES, { e: era.id, i: 0 })).listEraCandidates;
    expect(candidates.find((c: any) => c.claimId === created.id)).toEqual({ claimId: created.id, clientName: 'Hana Heldby', memberId: 'SBX100000001', serviceDate: date, chargeCents: charge, stage: 'accepted', reasons: ['sameCharge', 'nearDate', 'sameCode'], daysApart: 0 });
    expect((await data('biller', CANDIDATES, { e: era.id, i: 1 })).listEraCandidates).toEqual([]);

    // Another practice's claim (an accepted one of theirs) is not found from here; nothing is written on either side.
    const other = (await data('other', '{ me { practiceId } }')).me.practiceId;
    const table = tableName('local', 'Practice');
    await ctx.runtime().dynamo.client.send(new PutItemCommand({ TableName: table, Item: marshall({ ...claimKey(other, 'COTHERPRACTICE01'), entity: 'Claim', id: 'COTHERPRACTICE01', stage: 'accepted', version: 1, clientId: 'x', memberId: 'SBX100000001', chargeCents: charge }) }));
    expect((await call('biller', MATCH, { e: era.id, i: 0, c: 'COTHERPRACTICE01' })).errors?.[0]).toMatchObject({ errorType: 'NotFound', message: 'Claim not found' });
    expect(unmarshall((await ctx.runtime().dynamo.client.send(new GetItemCommand({ TableName: table, Key: marshall(claimKey(other, 'COTHERPRACTICE01')) }))).Item!)).not.toHaveProperty('posted');
    expect((await data('biller', `{ listEras { id held { resolution } } }`)).listEras.find((e: any) => e.id === era.id).held).toEqual([{ resolution: null }, { resolution: null }]);

    // Posted by hand: the same posting as an automatic match.
    const matched = (await data('biller', MATCH, { e: era.id, i: 0, c: created.id })).matchEraItem;
    expect(matched.held[0]).toMatchObject({ item: 0, resolution: 'posted', resolvedClaimId: created.id });
    const after = (await data('biller', CLAIM, { id: created.id })).getClaim;
    expect(after).toMatchObject({ stage: 'paid', paidCents: paid, clientResponsibilityCents: 3000 });
    expect(after.history.slice(-2)).toEqual([
      { to: 'paymentReport', event: 'eraMatched', actor: 'system:eraPosting', role: null },
      expect.objectContaining({ to: 'paid', event: 'postedPaid', role: 'biller' }),
    ]);
    expect((await data('biller', PAYMENTS, { c: client })).listBilling.items).toEqual([{ amountCents: paid }]);
    const share = (await data('biller', 'query ($c: ID!) { getClientBilling(clientId: $c) { lines { id amountCents } } }', { c: client })).getClientBilling.lines.find((l: any) => l.id === line);
    expect(share.amountCents).toBe(3000);

    // Twice: refused in words, nothing written.
    const again = await call('biller', MATCH, { e: era.id, i: 0, c: created.id });
    expect(again.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: `This payment is already posted on claim ${created.id}: nothing was posted again.` });
    expect((await data('biller', CLAIM, { id: created.id })).getClaim.version).toBe(after.version);
    expect((await data('biller', PAYMENTS, { c: client })).listBilling.items).toHaveLength(1);

    // Not ours: kept on the ERA, never posted.
    const marked = (await data('biller', NOT_OURS, { e: era.id, i: 1 })).markEraItemNotOurs;
    expect(marked.held[1]).toMatchObject({ item: 1, reference: 'ZZ0002', resolution: 'notOurs', resolvedClaimId: null });
    expect((await call('biller', MATCH, { e: era.id, i: 1, c: created.id })).errors?.[0].message).toBe('This payment is marked not ours: it is not posted.');
    expect((await call('biller', NOT_OURS, { e: era.id, i: 1 })).errors?.[0].message).toBe('This payment is marked not ours: it is not posted.');
    const posted = (await data('biller', `mutation ($id: ID!) { postEra(id: $id) { ${ERA} } }`, { id: era.id })).postEra;
    expect(posted).toMatchObject({ status: 'posted', claims: [] });
    expect(posted.held.map((h: any) => [h.item, h.resolution])).toEqual([[0, 'posted'], [1, 'notOurs']]);
    expect((await data('biller', CLAIM, { id: created.id })).getClaim.version).toBe(after.version);
    expect((await data('biller', PAYMENTS, { c: client })).listBilling.items).toHaveLength(1);
  });
}
