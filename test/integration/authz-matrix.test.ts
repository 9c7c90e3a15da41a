/**
 * The authorization matrix, against the whole local runtime: every Query, Mutation and
 * Subscription field of schema.graphql × every seeded role, the coordinator and the owner of
 * another practice → allowed, Unauthorized or (for ids outside the caller's reach) NotFound.
 *
 * The rows live per domain in test/support/authz/ (index.ts lists the modules; matrix.ts holds the
 * shared pieces). They are written by hand from the spec (part 2 §6 roles and permissions; part 1
 * §6 / part 2 §2.2 coordinators; ARCHITECTURE §3 tenancy), NOT derived from domain/permissions.ts,
 * so a wrong matrix there cannot pass itself. A schema field without a row here fails the test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { DEMO_ACCOUNTS } from '../../local/demo-accounts.ts';
import { membershipKey, tableName } from '../../domain/tables.ts';
import { graphql } from '../support/graphql.ts';
import { firstClientSignIn, inviteClient, publicCall } from '../support/client-portal.ts';
import * as DOMAINS from '../support/authz/index.ts';
import { A, CALLERS, OTHER_EMAIL, U, call, clientInput, freshClient, matrix, outcomeOf, schemaFields, startMatrix, type Outcome } from '../support/authz/matrix.ts';
import { Gate, inLanes, mergeDomains } from '../support/authz/run.ts';

const { expected: EXPECTED, operations: OPERATIONS, clientAllowed: CLIENT_ALLOWED, exclusive: EXCLUSIVE } = mergeDomains(DOMAINS);

/** Callers run side by side in this many lanes (each caller's fields in order); the exclusive fields' calls run alone. */
const LANES = 4;

beforeAll(startMatrix);
afterAll(async () => {
  await matrix.runtime?.stop();
});

describe('authorization matrix', () => {
  it('has exactly one hand-written row per schema field, and a call for each', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(schemaFields());
    expect(Object.keys(OPERATIONS).sort()).toEqual(schemaFields());
    for (const row of Object.values(EXPECTED)) expect(row).toHaveLength(CALLERS.length);
    expect(DEMO_ACCOUNTS.map((a) => a.roles[0] ?? 'coordinator').sort()).toEqual(CALLERS.filter((c) => c !== 'otherPractice').sort());
  });

  it('every field × every caller answers exactly as the spec says', async () => {
    const fields = schemaFields();
    const actual: Record<string, Outcome[]> = Object.fromEntries(fields.map((field) => [field, [] as Outcome[]]));
    const gate = new Gate();
    await inLanes(CALLERS, LANES, async (who) => {
      const column = CALLERS.indexOf(who);
      for (const field of fields) {
        // A fresh client of the seeded practice (the owner's) per call, so edits and removals never collide.
        const target = await freshClient(`Target${who}`);
        actual[field][column] = await gate.run(EXCLUSIVE.has(field), () => OPERATIONS[field](who, target));
      }
    });
    expect(actual).toEqual(EXPECTED);
    // Every field × 10 callers, each call a real request: more than the integration default.
  }, 420_000);

  it("takes a role change or a removal into account on the member's very next request", async () => {
    const key = marshall(membershipKey(matrix.otherSub));
    expect(outcomeOf(await call('otherPractice', '{ getClients { nextToken } }'), 'Query.getClients')).toBe(A);
    await matrix.runtime.dynamo.client.send(new PutItemCommand({
      TableName: tableName('local', 'Directory'),
      // The whole membership rewritten, so the MFA mark the sign-in's trigger wrote is restated (domain/mfa.ts).
      Item: marshall({ ...membershipKey(matrix.otherSub), practiceId: matrix.otherSub, roles: ['supervisor'], groups: ['TeamMembers'], plan: 'professional', mfaEnrolled: true }),
    }));
    expect(outcomeOf(await call('otherPractice', '{ getClients { nextToken } }'), 'Query.getClients')).toBe(U);
    expect(outcomeOf(await call('otherPractice', '{ me { id } }'), 'Query.me')).toBe(A);
    await matrix.runtime.dynamo.client.send(new DeleteItemCommand({ TableName: tableName('local', 'Directory'), Key: key }));
    expect(outcomeOf(await call('otherPractice', '{ me { id } }'), 'Query.me')).toBe(U);
  });
});

describe('the client principal (issue 12)', () => {
  it('a signed-in client calls the client fields only: every other field is Unauthorized', async () => {
    const actual: Record<string, Outcome> = {};
    const expected: Record<string, Outcome> = {};
    for (const field of schemaFields()) {
      actual[field] = await OPERATIONS[field]('client', await freshClient('TargetClient'));
      expected[field] = CLIENT_ALLOWED.includes(field) ? A : U;
    }
    expect(actual).toEqual(expected);
  });

  it('client A and client B each reach only their own practice and record; another practice’s ids are refused', async () => {
    const { runtime, tokens, otherSub } = matrix;
    // The other practice's owner again (the test above removed them), then client B: a client of that practice, invited there and signed in.
    await runtime.dynamo.client.send(new PutItemCommand({
      TableName: tableName('local', 'Directory'),
      Item: marshall({ ...membershipKey(otherSub), GSI1PK: `P#${otherSub}`, GSI1SK: `USER#${otherSub}`, practiceId: otherSub, roles: ['owner'], groups: ['Therapists'], plan: 'professional', email: OTHER_EMAIL, mfaEnrolled: true }),
    }));
    await call('otherPractice', 'mutation { addClientPortal(name: "Other portal") { enabled } }');
    const emailB = `client-b-${randomUUID()}@clients.practiceportal.test`;
    const added = await call('otherPractice', 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: { ...clientInput('ClientB'), contact: { email: emailB } } });
    const clientB = added.data.addClient.id as string;
    const token = await inviteClient(runtime, tokens.otherPractice, clientB, emailB);
    expect((await publicCall(runtime, 'acceptClientInvitation', { token, password: 'ClientB1pass' })).status).toBe(200);
    const tokenB = await firstClientSignIn(runtime, emailB, 'ClientB1pass');
    const meB = (await graphql(`${runtime.url}/graphql`, tokenB, '{ clientMe { practices { practiceId clientId } } }')).body as any;
    expect(meB.data.clientMe.practices).toEqual([{ practiceId: otherSub, clientId: clientB }]);
    const meA = (await call('client', '{ clientMe { practices { practiceId clientId } } }')).data.clientMe.practices;
    expect(meA.map((p: { practiceId: string }) => p.practiceId)).toEqual([runtime.seed!.practiceId]);
    // Each editing at the other's practice: refused, nothing written.
    const EDIT = 'mutation ($p: ID!) { editClientProfile(practiceId: $p, phone: "5035550111") { phone } }';
    expect(outcomeOf(await call('client', EDIT, { p: otherSub }), 'Mutation.editClientProfile')).toBe(U);
    expect(outcomeOf((await graphql(`${runtime.url}/graphql`, tokenB, EDIT, { p: runtime.seed!.practiceId })).body as any, 'Mutation.editClientProfile')).toBe(U);
    const seen = await call('owner', 'query ($id: ID!) { getClient(id: $id) { contact { phone } } }', { id: meA[0].clientId });
    expect(seen.data.getClient.contact?.phone ?? null).not.toBe('+15035550111');
    // B's appointments are B's practice's only (none booked): A's are not among them.
    const apptsB = (await graphql(`${runtime.url}/graphql`, tokenB, '{ clientAppointments { items { practiceId } } }')).body as any;
    expect(apptsB.data.clientAppointments.items).toEqual([]);
    // The other practice turns its portal off: B is refused on the next request, A is not.
    await call('otherPractice', 'mutation { addClientPortal(name: "Other portal", enabled: false) { enabled } }');
    expect(outcomeOf((await graphql(`${runtime.url}/graphql`, tokenB, '{ clientMe { email } }')).body as any, 'Query.clientMe')).toBe(U);
    expect(outcomeOf(await call('client', '{ clientMe { email } }'), 'Query.clientMe')).toBe(A);
  });
});
