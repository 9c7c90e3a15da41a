/**
 * A local fake of Stedi's healthcare API wire protocol (issue 16), for the real adapter
 * (functions/shared/clearinghouse/stedi.ts): JSON over HTTP under /2024-04-01, the API key in
 * `Authorization` (anything else is 401 {message}), eligibility answered like the sandbox payers
 * (sandbox-members.ts, 271 JSON), claim submissions idempotent per `Idempotency-Key` (a repeat
 * replays the first answer; a POST without one is 400), 277 reports per transaction (404 unknown).
 * failNext() injects a 500, a 400, or a hang longer than the adapter's timeout.
 *
 * Stedi's core API under /2023-08-01 (coreUrl): the account's processed transactions polled oldest
 * first (`GET /polling/transactions` with startDateTime or pageToken, pageSize; a nextPageToken
 * always), each submitted claim as an OUTBOUND 837 and what addInbound() receives (an 835 ERA, a
 * 277CA) as INBOUND; `GET /transactions/{id}/input` answers 302 {documentDownloadUrl} to a presigned
 * download on this server which, like S3, refuses a request that also carries an Authorization header.
 *
 * Stedi's Transaction Enrollment API under /2024-09-01 (enrollmentsUrl): provider records (POST
 * /providers, unique per NPI and tax id; GET /providers filtered by providerNpis/providerTaxIds) and
 * enrollments (POST /enrollments, one transaction type each; GET /enrollments filtered by providerIds
 * and transactions; GET /enrollments/{id}), validated like Stedi (400 {message, fieldList: [{path,
 * message}]}); setEnrollment() moves one through its statuses with Stedi's reason.
 */
import { createServer, type Server } from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sandboxEligibility } from '../../functions/shared/clearinghouse/sandbox-members.ts';
import type { StediEligibilityRequest } from '../../domain/insurance/eligibility-request.ts';

export interface StediRecorded {
  method: string;
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  body: unknown;
}

interface Transaction {
  transactionId: string;
  direction: 'INBOUND' | 'OUTBOUND';
  set: string;
  processedAt: string;
  x12: string;
}

export interface StediFake {
  url: string;
  coreUrl: string;
  apiKey: string;
  /** A transaction the account receives from a payer (835 or 277): polled, then downloaded raw. */
  addInbound(x12: string, set?: '835' | '277'): string;
  requests: StediRecorded[];
  failNext(kind: 'error500' | 'error400' | 'hang', times?: number): void;
  enrollmentsUrl: string;
  providers: Array<Record<string, unknown>>;
  enrollments: Array<Record<string, unknown>>;
  /** Stedi moves an enrollment on (PROVISIONING, LIVE, REJECTED with its reason…). */
  setEnrollment(id: string, status: string, reason?: string): void;
  close(): Promise<void>;
}

const ENROLLMENT_TYPES = ['eligibilityCheck', 'claimStatus', 'professionalClaimSubmission', 'institutionalClaimSubmission', 'dentalClaimSubmission', 'claimPayment'];

/** Stedi's validation error: what failed, by JSON pointer. */
function validationError(fieldList: Array<{ path: string; message: string }>) {
  return { message: `${fieldList.length} validation error${fieldList.length === 1 ? '' : 's'} detected`, fieldList };
}

function contactProblems(contact: Record<string, unknown> | undefined, at: string): Array<{ path: string; message: string }> {
  const c = contact ?? {};
  const out: Array<{ path: string; message: string }> = [];
  for (const field of ['city', 'email', 'phone', 'state', 'streetAddress1', 'zipCode']) if (typeof c[field] !== 'string' || !c[field]) out.push({ path: `${at}/${field}`, message: 'Value is required' });
  if (typeof c.phone === 'string' && !/^(?:[\s().-]*\d){10}[\s().-]*$/.test(c.phone)) out.push({ path: `${at}/phone`, message: 'Value must match pattern' });
  if (typeof c.zipCode === 'string' && c.zipCode.length < 5) out.push({ path: `${at}/zipCode`, message: 'Value length must be at least 5' });
  if (!c.organizationName && !(c.firstName && c.lastName)) out.push({ path: `${at}/organizationName`, message: 'organizationName or firstName and lastName are required' });
  return out;
}

export async function startStediFake(apiKey = 'test_stedi_key_' + Math.random().toString(36).slice(2)): Promise<StediFake> {
  const requests: StediRecorded[] = [];
  const failures: ('error500' | 'error400' | 'hang')[] = [];
  const claims = new Map<string, { body: string; answer: Record<string, unknown> }>();
  const hanging = new Set<() => void>();
  const transactions: Transaction[] = [];
  const downloads = new Map<string, string>();
  const providers: Array<Record<string, unknown>> = [];
  const enrollments: Array<Record<string, unknown>> = [];
  let clock = Date.parse('2026-11-01T00:00:00Z');
  const record = (direction: Transaction['direction'], set: string, x12: string) => {
    const t = { transactionId: randomUUID(), direction, set, processedAt: new Date((clock += 60_000)).toISOString(), x12 };
    transactions.push(t);
    return t.transactionId;
  };
  const summary = (t: Transaction) => ({
    transactionId: t.transactionId, direction: t.direction, mode: 'test', status: 'succeeded', processedAt: t.processedAt, fileExecutionId: randomUUID(),
    partnership: { partnershipId: 'stedi_practiceportal', partnershipType: 'x12' },
    artifacts: [{ artifactType: 'application/edi-x12', model: 'transaction', usage: 'input', sizeBytes: t.x12.length, url: `/2023-08-01/transactions/${t.transactionId}/input` }],
    x12: { metadata: { transaction: { controlNumber: '0001', transactionSetIdentifier: t.set } } },
  });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = '<invalid json>';
      }
      const path = (req.url ?? '').split('?')[0];
      const idempotencyKey = (req.headers['idempotency-key'] as string) ?? null;
      requests.push({ method: req.method ?? '', path, authorization: (req.headers.authorization as string) ?? null, idempotencyKey, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const download = /^\/_artifacts\/([0-9a-f-]+)$/.exec(path);
      if (download) {
        // A presigned URL: its signature is the only credential S3 accepts.
        if (req.headers.authorization) return send(400, { message: 'Only one auth mechanism allowed' });
        const text = downloads.get(download[1]);
        if (text === undefined) return send(403, { message: 'Request has expired' });
        res.writeHead(200, { 'Content-Type': 'application/edi-x12' });
        return res.end(text);
      }
      if (req.headers.authorization !== apiKey) return send(401, { message: 'Unauthorized' });
      const failure = failures.shift();
      if (failure === 'hang') {
        const release = () => res.destroy();
        hanging.add(release);
        return;
      }
      if (failure === 'error500') return send(500, { message: 'Internal Server Error' });
      if (failure === 'error400') return send(400, { message: 'Bad Request', errors: [{ description: 'subscriber.memberId is invalid' }] });
      const prefix = '/2024-04-01/change/medicalnetwork';
      if (req.method === 'POST' && path === `${prefix}/eligibility/v3`) {
        const r = body as StediEligibilityRequest | null;
        if (!r?.tradingPartnerServiceId || !r.subscriber?.memberId || !r.provider?.npi || !r.controlNumber) return send(400, { message: 'Bad Request', errors: [{ description: 'missing required fields' }] });
        return send(200, sandboxEligibility(r));
      }
      if (req.method === 'POST' && (path === `${prefix}/professionalclaims/v3/submission` || path === `${prefix}/professionalclaims/v3/raw-x12-submission`)) {
        if (!idempotencyKey) return send(400, { message: 'Idempotency-Key required' });
        const known = claims.get(idempotencyKey);
        if (known) return known.body === text ? send(200, known.answer) : send(422, { message: 'Idempotency key reused with a different request' });
        const digest = createHash('sha256').update(idempotencyKey).digest('hex');
        const info = ((body as Record<string, unknown>)?.claimInformation ?? {}) as Record<string, unknown>;
        const answer = { status: 'SUCCESS', controlNumber: digest.slice(0, 9).replace(/[a-f]/g, '7'), transactionId: `fake-${digest.slice(0, 20)}`, claimReference: { correlationId: `corr-${digest.slice(20, 36)}`, patientControlNumber: info.patientControlNumber ?? null } };
        claims.set(idempotencyKey, { body: text, answer });
        record('OUTBOUND', '837', typeof (body as Record<string, unknown>)?.x12 === 'string' ? ((body as Record<string, unknown>).x12 as string) : text);
        return send(200, answer);
      }
      if (req.method === 'GET' && path === '/2023-08-01/polling/transactions') {
        const query = new URL(req.url ?? '', 'http://fake').searchParams;
        const size = Math.min(500, Number(query.get('pageSize') ?? '100') || 100);
        const token = query.get('pageToken');
        const start = query.get('startDateTime');
        if (!token && !start) return send(400, { message: 'startDateTime or pageToken is required' });
        let offset: number;
        if (token) {
          const n = Number(Buffer.from(token, 'base64url').toString('utf8'));
          if (!Number.isInteger(n) || n < 0) return send(400, { message: 'Invalid pageToken' });
          offset = n;
        } else {
          const after = transactions.findIndex((t) => t.processedAt > start!);
          offset = after < 0 ? transactions.length : after;
        }
        const items = transactions.slice(offset, offset + size);
        return send(200, { items: items.map(summary), nextPageToken: Buffer.from(String(offset + items.length)).toString('base64url') });
      }
      const input = /^\/2023-08-01\/transactions\/([^/]+)\/input$/.exec(path);
      if (req.method === 'GET' && input) {
        const t = transactions.find((x) => x.transactionId === input[1]);
        if (!t) return send(404, { message: 'Not Found' });
        const ticket = randomUUID();
        downloads.set(ticket, t.x12);
        const documentDownloadUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/_artifacts/${ticket}`;
        res.writeHead(302, { 'Content-Type': 'application/json', Location: documentDownloadUrl });
        return res.end(JSON.stringify({ documentDownloadUrl }));
      }
      const report = /^\/2024-04-01\/change\/medicalnetwork\/reports\/v2\/([^/]+)\/(277|835)$/.exec(path);
      if (req.method === 'GET' && report) {
        const claim = [...claims.values()].find((c) => c.answer.transactionId === report[1]);
        if (!claim || report[2] !== '277') return send(404, { message: 'Not Found' });
        return send(200, { transactionId: report[1], claims: [{ claimStatus: { statusCategoryCode: 'A1', statusCode: '20' } }] });
      }
      if (path.startsWith('/2024-09-01/')) {
        const query = new URL(req.url ?? '', 'http://fake').searchParams;
        const b = (body ?? {}) as Record<string, any>;
        const stamp = new Date().toISOString();
        if (req.method === 'GET' && path === '/2024-09-01/providers') {
          const npis = query.getAll('providerNpis');
          const taxIds = query.getAll('providerTaxIds');
          return send(200, { items: providers.filter((p) => (npis.length === 0 || npis.includes(p.npi as string)) && (taxIds.length === 0 || taxIds.includes(p.taxId as string))) });
        }
        if (req.method === 'POST' && path === '/2024-09-01/providers') {
          const problems: Array<{ path: string; message: string }> = [];
          if (typeof b.name !== 'string' || b.name.length < 5) problems.push({ path: '/name', message: 'Value length must be at least 5' });
          if (typeof b.npi !== 'string' || !/^[0-9]{10}$/.test(b.npi)) problems.push({ path: '/npi', message: 'Value must match pattern ^[0-9]{10}$' });
          if (typeof b.taxId !== 'string' || !/^\d{9}$/.test(b.taxId)) problems.push({ path: '/taxId', message: 'Value must match pattern ^\\d{9}$' });
          if (b.taxIdType !== 'EIN' && b.taxIdType !== 'SSN') problems.push({ path: '/taxIdType', message: 'Value must be EIN or SSN' });
          (Array.isArray(b.contacts) ? b.contacts : []).forEach((c: Record<string, unknown>, i: number) => problems.push(...contactProblems(c, `/contacts/${i}`)));
          if (problems.length > 0) return send(400, validationError(problems));
          if (providers.some((p) => p.npi === b.npi && p.taxId === b.taxId)) return send(400, { message: 'A provider with this NPI and tax ID already exists.' });
          const provider = { id: randomUUID(), name: b.name, npi: b.npi, taxId: b.taxId, taxIdType: b.taxIdType, contacts: b.contacts ?? [], createdAt: stamp, updatedAt: stamp };
          providers.push(provider);
          return send(200, provider);
        }
        if (req.method === 'GET' && path === '/2024-09-01/enrollments') {
          const ids = query.getAll('providerIds');
          const types = query.getAll('transactions');
          return send(200, { items: enrollments.filter((e) => (ids.length === 0 || ids.includes((e.provider as { id: string }).id)) && (types.length === 0 || types.some((t) => t in (e.transactions as object)))) });
        }
        if (req.method === 'POST' && path === '/2024-09-01/enrollments') {
          const problems: Array<{ path: string; message: string }> = [];
          const provider = providers.find((p) => p.id === b.provider?.id);
          if (!provider) problems.push({ path: '/provider/id', message: 'Provider not found' });
          if (typeof b.payer?.idOrAlias !== 'string' || !b.payer.idOrAlias) problems.push({ path: '/payer/idOrAlias', message: 'Value is required' });
          const types = Object.keys(b.transactions ?? {});
          if (types.length !== 1 || !ENROLLMENT_TYPES.includes(types[0]) || b.transactions[types[0]]?.enroll !== true) problems.push({ path: '/transactions', message: 'Exactly one transaction type is required' });
          problems.push(...contactProblems(b.primaryContact, '/primaryContact'));
          if (typeof b.userEmail !== 'string' || b.userEmail.length < 5) problems.push({ path: '/userEmail', message: 'Value is required' });
          if (b.status !== undefined && b.status !== 'DRAFT' && b.status !== 'STEDI_ACTION_REQUIRED' && b.status !== 'SUBMITTED') problems.push({ path: '/status', message: 'Value must be DRAFT or STEDI_ACTION_REQUIRED' });
          if (problems.length > 0) return send(400, validationError(problems));
          const enrollment = {
            id: `db6665c5-${randomUUID().slice(9)}`, status: b.status === 'DRAFT' ? 'DRAFT' : 'STEDI_ACTION_REQUIRED', source: 'API',
            payer: { stediPayerId: `STEDI${b.payer.idOrAlias}`, submittedPayerIdOrAlias: b.payer.idOrAlias, name: `Payer ${b.payer.idOrAlias}` },
            provider: { id: provider!.id, name: provider!.name, npi: provider!.npi, taxId: provider!.taxId, taxIdType: provider!.taxIdType },
            transactions: b.transactions, primaryContact: b.primaryContact, userEmail: b.userEmail, createdAt: stamp, updatedAt: stamp, statusLastUpdatedAt: stamp, submittedAt: stamp,
          };
          enrollments.push(enrollment);
          return send(200, enrollment);
        }
        const one = /^\/2024-09-01\/enrollments\/([^/]+)$/.exec(path);
        if (req.method === 'GET' && one) {
          const found = enrollments.find((e) => e.id === one[1]);
          return found ? send(200, found) : send(404, { message: 'Enrollment not found' });
        }
      }
      return send(404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/2024-04-01`,
    coreUrl: `http://127.0.0.1:${port}/2023-08-01`,
    apiKey,
    addInbound(x12, set = '835') {
      return record('INBOUND', set, x12);
    },
    requests,
    enrollmentsUrl: `http://127.0.0.1:${port}/2024-09-01`,
    providers,
    enrollments,
    setEnrollment(id, status, reason) {
      const e = enrollments.find((x) => x.id === id);
      if (!e) throw new Error(`no enrollment ${id}`);
      const stamp = new Date().toISOString();
      Object.assign(e, { status, updatedAt: stamp, statusLastUpdatedAt: stamp });
      if (reason === undefined) delete e.reason;
      else e.reason = reason;
    },
    failNext(kind, times = 1) {
      for (let i = 0; i < times; i++) failures.push(kind);
    },
    async close() {
      for (const release of hanging) release();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
