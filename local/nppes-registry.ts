/**
 * The local fixture NPI registry: answers the NPPES API v2.1 wire format for a few documented test
 * NPIs (all Luhn-valid), so the real registry client runs unchanged on `npm start` and in tests.
 * Names come back upper-case and `number` as the real registry sends it.
 */
import { sendJson, type RequestHandler } from './http.ts';

interface Fixture {
  npi: string;
  first: string;
  last: string;
  credential: string;
  status: 'A' | 'D';
  taxonomy: { code: string; desc: string; state: string; license: string };
}

export const FIXTURE_NPIS: Fixture[] = [
  { npi: '1234567893', first: 'JANE', last: 'DOE', credential: 'PHD', status: 'A', taxonomy: { code: '103T00000X', desc: 'Psychologist', state: 'CA', license: 'PSY12345' } },
  { npi: '1987654328', first: 'SAM', last: 'RIVERA', credential: 'LCSW', status: 'A', taxonomy: { code: '1041C0700X', desc: 'Social Worker, Clinical', state: 'NY', license: 'LCSW-67890' } },
  { npi: '1122334455', first: 'ALEX', last: 'MORGAN', credential: 'LMFT', status: 'A', taxonomy: { code: '106H00000X', desc: 'Marriage & Family Therapist', state: 'OR', license: 'T1234' } },
  { npi: '1500000009', first: 'OLIVIA', last: 'OWENS', credential: 'PSYD', status: 'A', taxonomy: { code: '103T00000X', desc: 'Psychologist', state: 'WA', license: 'PY-60000' } },
  // A deactivated provider: the registry still returns the record, with status other than A.
  { npi: '1231231238', first: 'PAT', last: 'INACTIVE', credential: 'MD', status: 'D', taxonomy: { code: '2084P0800X', desc: 'Psychiatry & Neurology, Psychiatry', state: 'TX', license: 'MD-1111' } },
];

function toResult(f: Fixture) {
  return {
    number: f.npi,
    enumeration_type: 'NPI-1',
    basic: { first_name: f.first, last_name: f.last, credential: f.credential, status: f.status, sole_proprietor: 'NO' },
    addresses: [{ address_purpose: 'LOCATION', address_1: '100 MAIN ST', city: 'SPRINGFIELD', state: f.taxonomy.state, postal_code: '000000000', telephone_number: '555-555-0100' }],
    taxonomies: [{ ...f.taxonomy, primary: true }],
    identifiers: [],
    other_names: [],
  };
}

export const nppesFixtureHandler: RequestHandler = (req, res, path) => {
  if (req.method !== 'GET' || (path !== '/api' && path !== '/api/')) return sendJson(res, 404, { message: 'Not Found' });
  const q = new URL(req.url ?? '/', 'http://local').searchParams;
  if (q.get('version') !== '2.1') return sendJson(res, 200, { Errors: [{ description: 'Unsupported Version', field: 'version', number: '07' }] });
  const number = q.get('number');
  const first = q.get('first_name')?.toUpperCase();
  const last = q.get('last_name')?.toUpperCase();
  if (!number && !first && !last) return sendJson(res, 200, { Errors: [{ description: 'No valid search criteria provided', field: 'generic', number: '04' }] });
  const limit = Math.min(200, Number(q.get('limit') ?? 10) || 10);
  const results = FIXTURE_NPIS.filter((f) => (!number || f.npi === number) && (!first || f.first === first) && (!last || f.last === last)).slice(0, limit).map(toResult);
  sendJson(res, 200, { result_count: results.length, results });
};
