/** Clients for the clients page tests (made-up people). */
import type { Client } from '../../../web/src/clients/api';

export function makeClient(n: number, overrides: Partial<Client> = {}): Client {
  const pad = String(n).padStart(3, '0');
  return {
    id: `c-${pad}`,
    therapistId: 'owner-sub',
    username: null,
    status: 'active',
    active: true,
    gender: null,
    dateOfBirth: '01/02/1990',
    sendEmailReminder: false,
    contact: { phone: `+1555000${pad.padStart(4, '0')}`, type: 'Mobile', email: `client${pad}@example.test` },
    personalDetail: { first: `Client${pad}`, middle: null, last: 'Test', suffix: null, nickname: null },
    address: { city: null, line1: null, line2: null, state: null, zip: null },
    communicationSetting: { email: false },
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const ADA = makeClient(900, { id: 'c-ada', personalDetail: { first: 'Ada', middle: null, last: 'Lovelace', suffix: null, nickname: null }, contact: { phone: '+15550100100', type: 'Mobile', email: 'ada@example.test' } });
