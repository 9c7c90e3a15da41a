/**
 * A client's consent documents and intake forms (issue 12) against the whole local runtime: the
 * seeded demo client (group Clients, linked to the demo practice) signs the exact version offered
 * (typed name, "I agree", the server's time and the request's address), signs again only when the
 * text changed, fills the practice's default intake form; the clinician reads signatures and
 * answers, accepts the answers into the client's details, and shares documents with an e-mail that
 * carries no document, note or client detail. Bad input, wrong versions, other practices and other
 * clinicians' clients are refused with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD, demoTotpSecret } from '../../local/demo-accounts.ts';
import { DEMO_CLIENT } from '../../local/seed-client-portal.ts';
import { membershipKey, tableName } from '../../domain/tables.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';

let runtime: Runtime;
const tokens: Record<string, string> = {};
type Body = { data?: any; errors?: Array<{ message: string; errorType?: string }> };
async function call(who: string, query: string, variables: Record<string, unknown> = {}): Promise<Body> {
  const { body } = await graphql(`${runtime.url}/graphql`, tokens[who], query, variables);
  return body;
}

const DOC = 'practiceId practiceName clientId kind id title status version details signedAt typedName ip submissionId answers submittedAt acceptedAt note sharedAt form { formName }';
const MINE = `{ clientDocuments { ${DOC} } }`;
const SIGN = `mutation ($p: ID!, $d: ID!, $v: Int!, $n: String!, $a: Boolean!) { signConsentDocument(practiceId: $p, documentId: $d, version: $v, typedName: $n, agreed: $a) { ${DOC} } }`;
const SUBMIT = `mutation ($p: ID!, $f: ID!, $a: AWSJSON!) { submitIntakeForm(practiceId: $p, formId: $f, answers: $a) { ${DOC} } }`;
const THEIRS = `query ($t: ID!, $c: ID!) { getClientDocuments(therapistId: $t, clientId: $c) { ${DOC} } }`;
const ADD = 'mutation ($t: String!, $d: String!, $i: Boolean) { addConsentDocument(title: $t, details: $d, included: $i) { id version } }';
const EDIT = 'mutation ($id: ID!, $v: Int!, $t: String!, $d: String!, $i: Boolean!) { editConsentDocument(id: $id, version: $v, title: $t, details: $d, included: $i) { id version textVersion } }';

let practiceId = '';
let clientId = '';
const mine = async () => (await call('client', MINE)).data.clientDocuments as any[];
const find = (docs: any[], id: string) => docs.find((d) => d.id === id);

async function signatures(): Promise<any[]> {
  const out = await runtime.dynamo.client.send(new QueryCommand({
    TableName: tableName('local', 'Practice'), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: marshall({ ':pk': `P#${practiceId}`, ':sk': `ConsentSig#${clientId}#` }), ConsistentRead: true,
  }));
  return (out.Items ?? []).map((i) => unmarshall(i));
}

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  practiceId = runtime.seed!.practiceId;
  const email = 'docs-elsewhere@elsewhere.practiceportal.test';
  const { sub } = await runtime.cognito.admin.createUser({ email, password: DEMO_PASSWORD, givenName: 'Ezra', familyName: 'Else', groups: ['Therapists'], totpSecret: demoTotpSecret(email) });
  await runtime.dynamo.client.send(new PutItemCommand({
    TableName: tableName('local', 'Directory'),
    Item: marshall({ ...membershipKey(sub), GSI1PK: `P#${sub}`, GSI1SK: `USER#${sub}`, practiceId: sub, roles: ['owner'], groups: ['Therapists'], plan: 'professional', email }),
  }));
  await Promise.all([
    ...['owner', 'basic'].map(async (who) => (tokens[who] = (await signInSeeded(runtime.url, `${who}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken)),
    signInSeeded(runtime.url, DEMO_CLIENT.email, DEMO_PASSWORD).then((t) => (tokens.client = t.accessToken)),
    signInSeeded(runtime.url, email, DEMO_PASSWORD).then((t) => (tokens.other = t.accessToken)),
  ]);
  clientId = (await call('client', '{ clientMe { practices { clientId } } }')).data.clientMe.practices[0].clientId;
});
afterAll(async () => {
  await runtime?.stop();
});

describe('consent signatures', () => {
  it('the client signs exactly the version offered; a text change asks for a new signature, an "included" change does not', async () => {
    const telehealth = (await call('owner', ADD, { t: 'Telehealth consent', d: 'I agree to sessions by video.', i: true })).data.addConsentDocument;
    const fees = (await call('owner', ADD, { t: 'Fees policy', d: 'Late cancellations are charged.', i: false })).data.addConsentDocument;
    const before = await mine();
    expect(find(before, telehealth.id)).toMatchObject({ kind: 'CONSENT', status: 'TO_SIGN', version: 1, details: 'I agree to sessions by video.', practiceName: 'Owens Family Therapy', clientId });
    expect(find(before, fees.id)).toBeUndefined();
    // The seed: the informed consent signed when the demo client joined, the telehealth consent still to sign.
    expect(find(before, 'demo-informed-consent')).toMatchObject({ status: 'SIGNED', version: 1, typedName: 'Taylor Brooks' });
    expect(find(before, 'demo-telehealth-consent')).toMatchObject({ status: 'TO_SIGN', version: 1 });
    expect(find(before, 'demo-financial-policy')).toBeUndefined();

    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ a: false }, 'ValidationError', MESSAGES.signAgreeRequired],
      [{ n: '   ' }, 'ValidationError', MESSAGES.signNameRequired],
      // Only the client's own name on record (Taylor Brooks) signs (session 9 walk).
      [{ n: 'Someone Else' }, 'ValidationError', MESSAGES.signNameMismatch],
      [{ n: 'Taylor' }, 'ValidationError', MESSAGES.signNameMismatch],
      [{ n: 'Taylor Brookes' }, 'ValidationError', MESSAGES.signNameMismatch],
      [{ v: 2 }, 'ConflictError', MESSAGES.consentVersionChanged],
      [{ d: fees.id }, 'NotFound', MESSAGES.consentNotFound],
      [{ p: 'another-practice' }, 'Unauthorized', ''],
    ];
    for (const [change, type, message] of refusals) {
      const out = await call('client', SIGN, { p: practiceId, d: telehealth.id, v: 1, n: 'Taylor Brooks', a: true, ...change });
      expect(out.errors?.[0].errorType).toBe(type);
      if (message) expect(out.errors?.[0].message).toContain(message);
    }
    expect((await signatures()).filter((s) => s.documentId === telehealth.id)).toEqual([]);
    // An empty submit: one human message, each field with its own, no field ids in the words.
    const empty = (await call('client', SIGN, { p: practiceId, d: telehealth.id, v: 1, n: '', a: false })) as Body & { errors: Array<{ errorInfo?: unknown }> };
    expect(empty.errors[0]).toMatchObject({ errorType: 'ValidationError', message: MESSAGES.signNameRequired });
    expect(empty.errors[0].errorInfo).toEqual({ fields: [
      { field: 'typedName', reason: 'required', message: MESSAGES.signNameRequired }, { field: 'agreed', reason: 'required', message: MESSAGES.signAgreeRequired },
    ] });

    // Case, extra spaces, diacritics and a middle initial do not matter; the name is kept as typed (trimmed).
    const signed = (await call('client', SIGN, { p: practiceId, d: telehealth.id, v: 1, n: ' táylor  J. BROOKS ', a: true })).data.signConsentDocument;
    expect(signed).toMatchObject({ id: telehealth.id, status: 'SIGNED', version: 1, typedName: 'táylor J. BROOKS', details: 'I agree to sessions by video.' });
    expect(Date.now() - Date.parse(signed.signedAt)).toBeLessThan(60_000);
    expect(signed.ip).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
    const again = await call('client', SIGN, { p: practiceId, d: telehealth.id, v: 1, n: 'Taylor Brooks', a: true });
    expect(again.errors?.[0]).toMatchObject({ errorType: 'ConflictError', message: MESSAGES.consentAlreadySigned });

    await call('owner', EDIT, { id: telehealth.id, v: 1, t: 'Telehealth consent', d: 'I agree to sessions by video.', i: false });
    expect(find(await mine(), telehealth.id)).toMatchObject({ status: 'SIGNED', version: 1 });
    await call('owner', EDIT, { id: telehealth.id, v: 2, t: 'Telehealth consent', d: 'I agree to sessions by secure video.', i: true });
    expect(find(await mine(), telehealth.id)).toMatchObject({ status: 'TO_SIGN', version: 3, details: 'I agree to sessions by secure video.' });
    expect((await call('client', SIGN, { p: practiceId, d: telehealth.id, v: 3, n: 'Taylor Brooks', a: true })).data.signConsentDocument).toMatchObject({ status: 'SIGNED', version: 3 });
    expect((await signatures()).filter((s) => s.documentId === telehealth.id).map((s) => [s.documentId, s.version, s.typedName])).toEqual([[telehealth.id, 1, 'táylor J. BROOKS'], [telehealth.id, 3, 'Taylor Brooks']]);

    const seen = (await call('owner', THEIRS, { t: practiceId, c: clientId })).data.getClientDocuments;
    expect(find(seen, telehealth.id)).toMatchObject({ status: 'SIGNED', version: 3, typedName: 'Taylor Brooks', ip: signed.ip });
    const PDF = 'query ($c: ID!, $d: ID!, $v: Int!) { getSignedConsentPdf(clientId: $c, documentId: $d, version: $v) { fileName contentType base64 } }';
    const pdf = (await call('owner', PDF, { c: clientId, d: telehealth.id, v: 3 })).data.getSignedConsentPdf;
    expect(pdf).toMatchObject({ fileName: `signed-consent-${telehealth.id}-v3.pdf`, contentType: 'application/pdf' });
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('owner', PDF, { c: clientId, d: telehealth.id, v: 2 })).errors?.[0]).toMatchObject({ errorType: 'NotFound', message: MESSAGES.consentNotFound });
    // Each signature is listed on /app/billings/documents with who signed it, and its PDF downloads from there.
    const LISTED = 'query ($c: ID) { listBillingDocuments(kind: CONSENT, clientId: $c) { items { id kind title generatedByName } } }';
    const listed = (await call('owner', LISTED, { c: clientId })).data.listBillingDocuments.items.filter((d: { title: string }) => d.title.startsWith('Telehealth consent'));
    expect(listed.map((d: { kind: string; title: string; generatedByName: string }) => [d.kind, d.title, d.generatedByName])).toEqual([
      ['CONSENT', 'Telehealth consent (version 3)', 'Taylor Brooks'], ['CONSENT', 'Telehealth consent (version 1)', 'táylor J. BROOKS'],
    ]);
    const got = await call('owner', 'query ($id: ID!) { getBillingDocumentPdf(id: $id) { fileName base64 } }', { id: listed[0].id });
    expect(got.errors).toBeUndefined();
    const fromList = got.data.getBillingDocumentPdf;
    expect(fromList.fileName).toBe(`signed-consent-${telehealth.id}-v3.pdf`);
    expect(Buffer.from(fromList.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('basic', PDF, { c: clientId, d: telehealth.id, v: 3 })).errors?.[0].errorType).toBe('NotFound');
    expect((await call('owner', THEIRS, { t: 'someone-else', c: clientId })).errors?.[0].errorType).toBe('NotFound');
    expect((await call('basic', THEIRS, { t: practiceId, c: clientId })).errors?.[0].errorType).toBe('NotFound');
    expect((await call('other', THEIRS, { t: practiceId, c: clientId })).errors?.[0].errorType).toBe('NotFound');
    expect((await call('owner', MINE)).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('client', THEIRS, { t: practiceId, c: clientId })).errors?.[0].errorType).toBe('Unauthorized');
  });
});

describe('intake forms and sharing', () => {
  const answers = {
    firstName: 'Taylor', lastName: 'Brooks', dateOfBirth: '05/17/1990', phone: '(503) 555-0177', email: 'client@demo.practiceportal.test', city: 'Portland', state: 'OR', zip: '97201',
    emergencyName: 'Sam Brooks', emergencyRelationship: 'Sister', emergencyPhone: '503-555-0100', reason: 'Trouble sleeping.', previousTherapy: false, selfHarmThoughts: false, harmOthersThoughts: false,
  };

  it('the default form goes to the client; answers wait on the record until the clinician accepts them into the details', async () => {
    await call('owner', 'mutation { setTherapistIntakeFormSettings(formName: "adult-intake") { version } }');
    await call('owner', 'mutation { setTherapistIntakeFormSettingsDefault(formName: "adult-intake", default: true) { version } }');
    expect(find(await mine(), 'adult-intake')).toMatchObject({ kind: 'INTAKE_FORM', status: 'TO_FILL', form: { formName: 'adult-intake' } });

    const bad = await call('client', SUBMIT, { p: practiceId, f: 'adult-intake', a: JSON.stringify({ ...answers, reason: '', previousTherapy: 'maybe' }) });
    expect(bad.errors?.[0].errorType).toBe('ValidationError');
    expect(bad.errors?.[0].message).toContain(MESSAGES.intakeAnswerRequired);
    expect(find(await mine(), 'adult-intake').status).toBe('TO_FILL');
    expect((await call('client', SUBMIT, { p: practiceId, f: 'couples-intake', a: JSON.stringify(answers) })).errors?.[0].errorType).toBe('NotFound');

    const sent = (await call('client', SUBMIT, { p: practiceId, f: 'adult-intake', a: JSON.stringify(answers) })).data.submitIntakeForm;
    expect(sent).toMatchObject({ status: 'SUBMITTED' });
    expect(JSON.parse(sent.answers)).toMatchObject({ phone: '+15035550177', state: 'OR' });

    const before = (await call('owner', 'query ($id: ID!) { getClient(id: $id) { version contact { phone } address { city } } }', { id: clientId })).data.getClient;
    const accept = 'mutation ($c: ID!, $s: ID!, $v: Int!) { acceptIntakeAnswers(clientId: $c, submissionId: $s, clientVersion: $v) { version contact { phone } address { city state zip } personalDetail { first last } } }';
    expect((await call('owner', accept, { c: clientId, s: sent.submissionId, v: before.version - 1 })).errors?.[0].errorType).toBe('ConflictError');
    expect((await call('basic', accept, { c: clientId, s: sent.submissionId, v: before.version })).errors?.[0].errorType).toBe('NotFound');
    const accepted = (await call('owner', accept, { c: clientId, s: sent.submissionId, v: before.version })).data.acceptIntakeAnswers;
    expect(accepted).toMatchObject({ version: before.version + 1, contact: { phone: '+15035550177' }, address: { city: 'Portland', state: 'OR', zip: '97201' }, personalDetail: { first: 'Taylor', last: 'Brooks' } });
    expect(find(await mine(), 'adult-intake')).toMatchObject({ status: 'ACCEPTED' });
    const twice = await call('owner', accept, { c: clientId, s: sent.submissionId, v: before.version + 1 });
    expect(twice.errors?.[0]).toMatchObject({ errorType: 'ConflictError', message: MESSAGES.intakeAlreadyAccepted });
  });

  it('shares documents to the portal; the e-mail names the practice and the link, never the documents, the note or the client', async () => {
    const waiver = (await call('owner', ADD, { t: 'Recording waiver', d: 'Sessions are not recorded.', i: false })).data.addConsentDocument;
    const SHARE = 'mutation ($c: ID!, $d: [ID!]!, $e: String) { shareClientDocuments(clientId: $c, documents: $d, emailText: $e) { emailed shared { id kind status note } } }';
    const unknown = await call('owner', SHARE, { c: clientId, d: [waiver.id, 'couples-intake'], e: 'Hi' });
    expect(unknown.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: MESSAGES.shareUnknown });
    expect((await call('owner', SHARE, { c: clientId, d: [] })).errors?.[0].message).toBe(MESSAGES.shareNothing);
    expect(find(await mine(), waiver.id)).toBeUndefined();
    const mailsBefore = runtime.outbox.latestTo(DEMO_CLIENT.email, 'email');

    const note = 'Please read before Tuesday, about your insomnia diagnosis.';
    const shared = (await call('owner', SHARE, { c: clientId, d: [waiver.id], e: note })).data.shareClientDocuments;
    expect(shared).toMatchObject({ emailed: true, shared: [{ id: waiver.id, kind: 'CONSENT', status: 'TO_SIGN', note }] });
    const mail = runtime.outbox.latestTo(DEMO_CLIENT.email, 'email')!;
    expect(mail).not.toBe(mailsBefore);
    expect(mail.subject).toBe('Owens Family Therapy shared documents with you');
    expect(mail.body).toContain(`${runtime.url}/portal`);
    for (const secret of ['insomnia', 'Tuesday', 'Recording waiver', 'Taylor', 'Brooks']) expect(`${mail.subject} ${mail.body}`).not.toContain(secret);
    expect(find(await mine(), waiver.id)).toMatchObject({ status: 'TO_SIGN', note });
    expect((await call('basic', SHARE, { c: clientId, d: [waiver.id] })).errors?.[0].errorType).toBe('NotFound');
  });
});
