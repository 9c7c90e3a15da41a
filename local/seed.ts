/**
 * Seeds the demo practice on first start (idempotent: a marker item in the Directory table).
 * Users go into the local pool with a confirmed password and TOTP enrolled; their memberships and
 * the owner's NPI directory record go into DynamoDB exactly as sign-up and team invitations will.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { membershipKey, tableName } from '../domain/tables.ts';
import { LOCAL_ENV } from './dynamodb.ts';
import { backfillAppointmentClientIndex } from './appointment-client-index-backfill.ts';
import { backfillHomeworkClinicianIndex } from './homework-clinician-index-backfill.ts';
import { backfillClientNameEntries } from './client-name-backfill.ts';
import { backfillEligibilityRecheckIndex } from './eligibility-recheck-backfill.ts';
import { backfillInvoicedLineIndex } from './billing-invoiced-line-backfill.ts';
import type { LocalCognito } from './cognito/index.ts';
import { seedDemoCompanion } from './seed-companion.ts';
import { seedDemoSupervision } from './seed-supervision.ts';
import { seedDemoSet } from './seed-admin.ts';
import { DEMO_ACCOUNTS, DEMO_OWNER, DEMO_OWNER_NPI, DEMO_PASSWORD, demoTotpSecret } from './demo-accounts.ts';
import { seedDemoAppointments, type SeededMember } from './seed-appointments.ts';
import { seedDemoClientPortal } from './seed-client-portal.ts';
import { seedDemoMessaging } from './seed-messaging.ts';
import { seedDemoAssessments } from './seed-assessments.ts';
import { seedDemoDocuments } from './seed-documents.ts';
import { seedDemoBilling } from './seed-billing.ts';
import { seedDemoPackages } from './seed-packages.ts';
import { seedDemoInsurance } from './seed-insurance.ts';
import { seedDemoClaims } from './seed-claims.ts';
import { signupCarryItems } from '../domain/signup-carry.ts';

/** The demo owner's sign-up facts (made up): organization and phone for Practice details and Profile. */
const DEMO_OWNER_PRACTICE = { firstName: DEMO_OWNER.givenName, lastName: DEMO_OWNER.familyName, phone: '+15035550142', organization: 'Owens Family Therapy' };

export interface SeedResult {
  created: boolean;
  practiceId: string;
}

const MARKER = { PK: 'SEED', SK: 'DEMO_PRACTICE' };

export async function seedDemoPractice(deps: { cognito: LocalCognito; dynamo: DynamoDBClient; demoSet?: boolean }): Promise<SeedResult> {
  const db = DynamoDBDocumentClient.from(deps.dynamo);
  const directory = tableName(LOCAL_ENV, 'Directory');
  const existing = await db.send(new GetCommand({ TableName: directory, Key: MARKER }));
  // A database from before the last-name search gets its clients' name-search entries, once.
  await backfillClientNameEntries(db, tableName(LOCAL_ENV, 'Practice'), directory);
  // A database from before the per-client appointment index gets its appointments' GSI4 keys, once.
  await backfillAppointmentClientIndex(db, tableName(LOCAL_ENV, 'Practice'), directory);
  // A database from before the clinician's homework index gets its homework's GSI3 keys, once.
  await backfillHomeworkClinicianIndex(db, tableName(LOCAL_ENV, 'Practice'), directory);
  // A database from before the monthly eligibility recheck gets its insured clients' GSI3 keys, once.
  await backfillEligibilityRecheckIndex(db, tableName(LOCAL_ENV, 'Practice'), directory);
  // A database from before the invoiced lines' index fix (session 8) moves them out of the open bucket, once.
  await backfillInvoicedLineIndex(db, tableName(LOCAL_ENV, 'Practice'), directory);
  if (existing.Item) return { created: false, practiceId: String(existing.Item.practiceId) };

  const now = new Date().toISOString();
  let practiceId = '';
  const members: SeededMember[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const known = await deps.cognito.admin.getUser(account.email);
    const isOwner = account === DEMO_OWNER;
    const custom: Record<string, string> = isOwner ? {} : { teamOwnerId: practiceId, teamRoles: account.roles.join(',') };
    const { sub } = known ?? (await deps.cognito.admin.createUser({
      email: account.email,
      password: DEMO_PASSWORD,
      givenName: account.givenName,
      familyName: account.familyName,
      groups: [account.group],
      totpSecret: demoTotpSecret(account.email),
      customAttributes: custom,
    }));
    if (isOwner) {
      practiceId = sub;
      await deps.cognito.admin.setCustomAttributes(account.email, { teamOwnerId: sub, teamRoles: 'owner', isOnTrial: '0' });
    }
    await db.send(
      new PutCommand({
        TableName: directory,
        Item: {
          ...membershipKey(sub),
          GSI1PK: `P#${practiceId}`,
          GSI1SK: `USER#${sub}`,
          practiceId,
          roles: account.roles,
          groups: [account.group],
          plan: 'professional',
          planName: 'PROFESSIONAL',
          email: account.email,
          firstName: account.givenName,
          lastName: account.familyName,
          createdAt: now,
        },
      }),
    );
    members.push({ sub, email: account.email, givenName: account.givenName, familyName: account.familyName, roles: account.roles });
  }
  // Clients, services and this month's calendar (local/seed-appointments.ts).
  await seedDemoAppointments(db, tableName(LOCAL_ENV, 'Practice'), practiceId, members);
  // The client portal: switched on, a demo client account linked and one client invited (issue 12).
  const portal = await seedDemoClientPortal({ db, cognito: deps.cognito, practiceTable: tableName(LOCAL_ENV, 'Practice'), directoryTable: directory }, practiceId, members);
  // Consent documents, the intake forms in use and the demo client's signature (issue 12).
  await seedDemoDocuments(db, tableName(LOCAL_ENV, 'Practice'), practiceId, practiceId, portal);
  // Client billing: months of sessions, invoices (paid, partly paid, past due) and payments (issue 15).
  await seedDemoBilling(db, tableName(LOCAL_ENV, 'Practice'), practiceId, members);
  // Session packages: "4 sessions a month", the demo portal client on it with two sessions drawn down (issue 15, session 8).
  await seedDemoPackages(db, tableName(LOCAL_ENV, 'Practice'), practiceId, members, portal.clientId);
  // Secure messaging: a few conversations with history (issue 12).
  await seedDemoMessaging(db, tableName(LOCAL_ENV, 'Practice'), practiceId, members);
  // Insurance: the billing provider, four clients' insurance with sandbox member ids, a few eligibility checks (issue 16).
  await seedDemoInsurance(db, tableName(LOCAL_ENV, 'Practice'), practiceId, practiceId);
  // Claims in every stage, one rejected with its reason, one paid by a posted ERA (issue 16).
  await seedDemoClaims(db, tableName(LOCAL_ENV, 'Practice'), practiceId, members, undefined, { heldEra: deps.demoSet === true });
  // Measurement-based care: months of weekly PHQ-9 and GAD-7, one open risk alert (issue 13).
  await seedDemoAssessments(db, tableName(LOCAL_ENV, 'Practice'), practiceId);
  // Companion apps: months of daily diary cards and thought records for three clients, sharing on (issue 14).
  await seedDemoCompanion(db, tableName(LOCAL_ENV, 'Practice'), directory, practiceId, portal);
  // Supervision: the supervisor supervises the Clinician Basic, two of whose notes await co-signature (issue 18).
  await seedDemoSupervision(db, tableName(LOCAL_ENV, 'Practice'), practiceId, members);
  // `npm start` only: the demo data set, from the generator the owner's "Load demo data" uses (issue 18).
  if (deps.demoSet) await seedDemoSet(db, tableName(LOCAL_ENV, 'Practice'), practiceId, members);
  // The owner's Profile and Practice details, as a sign-up would have left them (issue 19).
  for (const Item of signupCarryItems(practiceId, practiceId, DEMO_OWNER_PRACTICE, now)) {
    // The practice's e-mail (made up), which payers write to about an enrollment (issue 16), as the owner would have added it.
    const details = Item.kind === 'PracticeDetails' ? { ...Item, data: { ...(Item.data as Record<string, unknown>), email: 'billing@owensfamilytherapy.example' } } : Item;
    await db.send(new PutCommand({ TableName: tableName(LOCAL_ENV, 'Practice'), Item: details }));
  }
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: directory, Item: { PK: `NPI#${DEMO_OWNER_NPI}`, SK: 'NPI', practiceId, createdAt: now } } },
        { Put: { TableName: directory, Item: { ...MARKER, practiceId, createdAt: now } } },
      ],
    }),
  );
  return { created: true, practiceId };
}
