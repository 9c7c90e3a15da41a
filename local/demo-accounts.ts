/**
 * The demo practice seeded on first start of the local runtime: an owner, one team member for each
 * of the other team roles and a coordinator. Local demo data only — these accounts exist nowhere
 * else. TOTP secrets are derived from the e-mail so `npm run totp -- <email>` can print codes.
 */
import { createHash } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { PortalGroup, Role } from '../domain/identity.ts';

export const DEMO_PASSWORD = 'DemoPortal1';
export const DEMO_OWNER_NPI = '1500000009';

export interface DemoAccount {
  email: string;
  givenName: string;
  familyName: string;
  group: PortalGroup;
  roles: Role[];
  label: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'owner@demo.practiceportal.test', givenName: 'Olivia', familyName: 'Owens', group: 'Therapists', roles: ['owner'], label: 'Owner' },
  { email: 'admin@demo.practiceportal.test', givenName: 'Adam', familyName: 'Adler', group: 'TeamMembers', roles: ['clinicianAdmin'], label: 'Clinician Admin' },
  { email: 'fullclient@demo.practiceportal.test', givenName: 'Fiona', familyName: 'Fuller', group: 'TeamMembers', roles: ['clinicianFullClient'], label: 'Clinician (view all clients)' },
  { email: 'basicbilling@demo.practiceportal.test', givenName: 'Bianca', familyName: 'Bell', group: 'TeamMembers', roles: ['clinicianBasicBilling'], label: 'Clinician Basic Billing' },
  { email: 'basic@demo.practiceportal.test', givenName: 'Ben', familyName: 'Baker', group: 'TeamMembers', roles: ['clinicianBasic'], label: 'Clinician Basic' },
  { email: 'supervisor@demo.practiceportal.test', givenName: 'Sara', familyName: 'Stone', group: 'TeamMembers', roles: ['supervisor'], label: 'Supervisor' },
  { email: 'biller@demo.practiceportal.test', givenName: 'Bill', familyName: 'Byrne', group: 'TeamMembers', roles: ['biller'], label: 'Biller' },
  { email: 'scheduler@demo.practiceportal.test', givenName: 'Sam', familyName: 'Shaw', group: 'TeamMembers', roles: ['scheduler'], label: 'Scheduler' },
  { email: 'coordinator@demo.practiceportal.test', givenName: 'Cora', familyName: 'Cole', group: 'coordinators', roles: [], label: 'Coordinator' },
];

export const DEMO_OWNER = DEMO_ACCOUNTS[0];

/** Base32 TOTP secret of a demo account (deterministic, demo only). */
export function demoTotpSecret(email: string): string {
  const bytes = createHash('sha256').update(`practice-portal-demo-totp:${email.toLowerCase()}`).digest().subarray(0, 20);
  return new OTPAuth.Secret({ buffer: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + 20) }).base32;
}

export function demoTotp(email: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: 'Practice Portal', label: email, secret: OTPAuth.Secret.fromBase32(demoTotpSecret(email)), digits: 6, period: 30, algorithm: 'SHA1' });
}
