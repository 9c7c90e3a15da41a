/**
 * The demo practice's client portal (issue 12), seeded once with the practice (local/seed.ts): the
 * portal switched on, two clients with e-mail addresses — one who accepted an invitation (a demo
 * client account in group Clients, linked, with upcoming telehealth appointments with the owner)
 * and one invited but not yet accepted. Items are built by the code the API writes with
 * (clientItems, occurrenceItem, domain/client-link.ts). Local demo data only.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CLIENT_STATUS, clientItems, validateClientInput } from '../domain/client.ts';
import { accept, clientLinkKey, clientPortalKey, invitationKey, invitationTtl, invite, portalAccessKey } from '../domain/client-link.ts';
import { validateAppointmentInput } from '../domain/appointment/input.ts';
import { DEFAULT_TIMEZONE } from '../domain/field-readers.ts';
import { fromFloating, toFloating } from '../domain/recurrence.ts';
import { CLIENTS_GROUP } from '../domain/identity.ts';
import { occurrenceItem } from '../functions/appointments/occurrence.ts';
import { hashInvitationToken, newInvitationToken } from '../functions/client-access/invitation.ts';
import type { LocalCognito } from './cognito/index.ts';
import { DEMO_PASSWORD, demoTotpSecret } from './demo-accounts.ts';
import type { SeededMember } from './seed-appointments.ts';

/** The demo client's sign-in (README "Demo logins"). */
export const DEMO_CLIENT = { email: 'client@demo.practiceportal.test', givenName: 'Taylor', familyName: 'Brooks', dob: '05/17/1990', phone: '5035550199' };
/** The invited client who has not accepted yet. */
export const DEMO_INVITED_CLIENT = { email: 'jamie.fox@demo.practiceportal.test', givenName: 'Jamie', familyName: 'Fox', dob: '08/09/1985' };
export const DEMO_PORTAL = { name: 'Owens Family Therapy — client portal', greeting: 'Welcome to our client portal. Here you can see your upcoming sessions and join video sessions.' };

/** Local wall-clock day `daysAhead` from now at `hour` (US/Pacific), as a UTC instant. */
function daysAheadAt(now: Date, daysAhead: number, hour: number): number {
  const local = new Date(toFloating(now.getTime(), DEFAULT_TIMEZONE));
  return fromFloating(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + daysAhead, hour, 0, 0), DEFAULT_TIMEZONE);
}

export async function seedDemoClientPortal(
  deps: { db: DynamoDBDocumentClient; cognito: LocalCognito; practiceTable: string; directoryTable: string },
  practiceId: string,
  members: SeededMember[],
  now = new Date(),
): Promise<{ clientId: string; invitedClientId: string; clientSub: string }> {
  const { db } = deps;
  const stamp = now.toISOString();
  const owner = members.find((m) => m.roles.includes('owner'))!;
  const put = (TableName: string, Item: Record<string, unknown>) => db.send(new PutCommand({ TableName, Item }));

  await put(deps.directoryTable, { ...clientPortalKey(practiceId), entity: 'ClientPortal', practiceId, enabled: true, name: DEMO_PORTAL.name, greeting: DEMO_PORTAL.greeting, providerId: owner.sub, updatedAt: stamp, updatedBy: owner.sub });

  const addClient = async (c: { givenName: string; familyName: string; dob: string; email: string; phone?: string }) => {
    const id = randomUUID();
    const { data } = validateClientInput({
      personalDetail: { first: c.givenName, last: c.familyName },
      dateOfBirth: c.dob,
      sendEmailReminder: true,
      contact: { email: c.email, phone: c.phone ?? null },
      communicationSetting: { email: true },
    });
    for (const Item of clientItems(practiceId, id, owner.sub, data, { status: CLIENT_STATUS.active, version: 1, createdAt: stamp, updatedAt: stamp, createdBy: owner.sub, updatedBy: owner.sub })) await put(deps.practiceTable, Item);
    return id;
  };
  const clientId = await addClient(DEMO_CLIENT);
  const invitedClientId = await addClient(DEMO_INVITED_CLIENT);

  // The demo client's account: group Clients, MFA enrolled like every demo account (the pool requires it).
  const known = await deps.cognito.admin.getUser(DEMO_CLIENT.email);
  const { sub } = known ?? (await deps.cognito.admin.createUser({
    email: DEMO_CLIENT.email, password: DEMO_PASSWORD, givenName: DEMO_CLIENT.givenName, familyName: DEMO_CLIENT.familyName, groups: [CLIENTS_GROUP], totpSecret: demoTotpSecret(DEMO_CLIENT.email),
  }));

  // Invited and accepted, through the same state machine as the API.
  const accepted = newInvitationToken();
  const invited = invite(null, { practiceId, clientId, email: DEMO_CLIENT.email, tokenHash: accepted.hash, now: stamp, by: owner.sub });
  if (!invited.ok) throw new Error('seed: demo invitation refused');
  const validUntil = invited.record.expiresAt as string;
  const spent = { practiceId, clientId, email: DEMO_CLIENT.email, state: 'open' as const, invitedAt: stamp, validUntil };
  const active = accept(invited.record, spent, accepted.hash, sub, stamp);
  if (!active.ok) throw new Error('seed: demo acceptance refused');
  await put(deps.practiceTable, { ...portalAccessKey(practiceId, clientId), entity: 'PortalAccess', ...active.record });
  await put(deps.directoryTable, { ...invitationKey(accepted.hash), entity: 'ClientInvitation', ...spent, state: 'used', usedAt: stamp, expiresAt: invitationTtl(validUntil) });
  await put(deps.directoryTable, { ...clientLinkKey(sub, practiceId, clientId), entity: 'ClientLink', practiceId, clientId, state: 'active', email: DEMO_CLIENT.email, acceptedAt: stamp });

  // The other client: invited, the link not yet used (its token was only ever in an e-mail never sent).
  const open = newInvitationToken();
  const pending = invite(null, { practiceId, clientId: invitedClientId, email: DEMO_INVITED_CLIENT.email, tokenHash: hashInvitationToken(open.token), now: stamp, by: owner.sub });
  if (!pending.ok) throw new Error('seed: demo invitation refused');
  await put(deps.practiceTable, { ...portalAccessKey(practiceId, invitedClientId), entity: 'PortalAccess', ...pending.record });
  const pendingUntil = pending.record.expiresAt as string;
  await put(deps.directoryTable, { ...invitationKey(open.hash), entity: 'ClientInvitation', practiceId, clientId: invitedClientId, email: DEMO_INVITED_CLIENT.email, state: 'open', invitedAt: stamp, validUntil: pendingUntil, expiresAt: invitationTtl(pendingUntil) });

  // Upcoming telehealth sessions with the owner: in 2, 9 and 16 days at 17:00 practice time.
  for (const days of [2, 9, 16]) {
    const startMs = daysAheadAt(now, days, 17);
    const { data } = validateAppointmentInput({ clientId, serviceCode: '90834', locationType: 'TELEHEALTH', start: new Date(startMs).toISOString(), durationMinutes: 45, sendEmailReminder: true });
    await put(deps.practiceTable, occurrenceItem(practiceId, randomUUID(), data, startMs, {
      clinicianId: owner.sub, clientName: `${DEMO_CLIENT.givenName} ${DEMO_CLIENT.familyName}`, clinicianName: `${owner.givenName} ${owner.familyName}`,
      seriesId: null, recurrence: null, videoRoomId: null, status: 'SCHEDULED', version: 1, createdAt: stamp, createdBy: owner.sub, updatedAt: stamp, updatedBy: owner.sub,
    }));
  }
  return { clientId, invitedClientId, clientSub: sub };
}
