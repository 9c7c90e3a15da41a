/**
 * A local fake of Stedi's healthcare API wire protocol (issue 16), for the real adapter
 * (functions/shared/clearinghouse/stedi.ts): JSON over HTTP under /2024-04-01, the API key in
 * `Authorization` (anything else is 401 {message}), eligibility answered like the sandbox payers
 * (sandbox-members.ts, 271 JSON), claim submissions idempotent per `Idempotency-Key` (a repeat
 * replays the first answer; a POST without one is 400), 277 reports per transaction (404 unknown).
 * failNext() injects a 500, a 400, or a hang longer than the adapter's timeout.
 */
import { createServer, type Server } from 'node:http';
import { createHash } from 'node:crypto';
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

export interface StediFake {
  url: string;
  apiKey: string;
  requests: StediRecorded[];
  failNext(kind: 'error500' | 'error400' | 'hang', times?: number): void;
  close(): Promise<void>;
}

export async function startStediFake(apiKey = 'test_stedi_key_' + Math.random().toString(36).slice(2)): Promise<StediFake> {
  const requests: StediRecorded[] = [];
  const failures: ('error500' | 'error400' | 'hang')[] = [];
  const claims = new Map<string, { body: string; answer: Record<string, unknown> }>();
  const hanging = new Set<() => void>();
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
        return send(200, answer);
      }
      const report = /^\/2024-04-01\/change\/medicalnetwork\/reports\/v2\/([^/]+)\/(277|835)$/.exec(path);
      if (req.method === 'GET' && report) {
        const claim = [...claims.values()].find((c) => c.answer.transactionId === report[1]);
        if (!claim || report[2] !== '277') return send(404, { message: 'Not Found' });
        return send(200, { transactionId: report[1], claims: [{ claimStatus: { statusCategoryCode: 'A1', statusCode: '20' } }] });
      }
      return send(404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/2024-04-01`,
    apiKey,
    requests,
    failNext(kind, times = 1) {
      for (let i = 0; i < times; i++) failures.push(kind);
    },
    async close() {
      for (const release of hanging) release();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
