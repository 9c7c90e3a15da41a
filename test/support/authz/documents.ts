/**
 * Authorization matrix rows: consent documents, intake forms and their library, a client's
 * documents — the practice's side and the client's own (issue 12). Columns: CALLERS (test/support/authz/matrix.ts).
 */
import { randomUUID } from 'node:crypto';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { tableName } from '../../../domain/tables.ts';
import { A, N, U, call, matrix, outcomeOf, ownersClientWithEmail, seededPracticeId, type AuthzDomain } from './matrix.ts';

/** A fresh consent document of the seeded practice (written by its owner), version 1; included: sent to every client. */
async function ownersConsent(included = false): Promise<string> {
  const out = await call('owner', 'mutation ($i: Boolean) { addConsentDocument(title: "Matrix consent", details: "Matrix text", included: $i) { id } }', { i: included });
  return out.data.addConsentDocument.id;
}

export const documents: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // Consent documents (issue 12): the Documents settings page — the owner's ("settings pages") and
    // clinicianAdmin's ("as owner"); no other role lists it. The target document is the seeded
    // practice's: another practice's owner finds it missing, and works on their own practice's.
    'Query.getConsentDocuments':         [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
    'Mutation.addConsentDocument':       [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
    'Mutation.editConsentDocument':      [A,    A,    U,    U,    U,    U,    U,    U,    U,    N],
    'Mutation.deleteConsentDocument':    [A,    A,    U,    U,    U,    U,    U,    U,    U,    N],
    // Intake forms and their template library: the NotesAndForms settings page — owner and admin.
    'Query.getTemplateLibraryMetadata':  [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
    'Query.getTherapistIntakeFormSettings': [A, A,    U,    U,    U,    U,    U,    U,    U,    A],
    'Mutation.setTherapistIntakeFormSettings': [A, A, U,    U,    U,    U,    U,    U,    U,    A],
    'Mutation.removeTherapistIntakeFormSettings': [A, A, U, U,    U,    U,    U,    U,    U,    A],
    'Mutation.setTherapistIntakeFormSettingsDefault': [A, A, U, U,  U,    U,    U,    U,    U,    A],
    // A client's documents (issue 12), the Client Portal feature: reading a client's documents and
    // answers goes with reading the client (client.read), accepting answers into the record and sharing
    // documents with editing it (client.edit) — clinicians and the scheduler "clients create/edit", the
    // biller "clients edit". The target is the owner's client: missing for the own-only clinicians and
    // another practice's owner. The client's own side: no team member calls it (see clientAllowed).
    'Query.getClientDocuments':          [A,    A,    A,    N,    N,    U,    A,    A,    U,    N],
    'Query.getSignedConsentPdf':         [A,    A,    A,    N,    N,    U,    A,    A,    U,    N],
    'Mutation.acceptIntakeAnswers':      [A,    A,    A,    N,    N,    U,    A,    A,    U,    N],
    'Mutation.shareClientDocuments':     [A,    A,    A,    N,    N,    U,    A,    A,    U,    N],
    'Query.clientDocuments':             [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Mutation.signConsentDocument':      [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Mutation.submitIntakeForm':         [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
  },
  operations: {
    'Query.getConsentDocuments': async (who) => outcomeOf(await call(who, '{ getConsentDocuments { items { id } nextToken } }'), 'Query.getConsentDocuments'),
    'Mutation.addConsentDocument': async (who) =>
      outcomeOf(await call(who, 'mutation ($t: String!) { addConsentDocument(title: $t, details: "Matrix text") { id } }', { t: `Consent of ${who}` }), 'Mutation.addConsentDocument'),
    'Mutation.editConsentDocument': async (who) =>
      outcomeOf(await call(who, 'mutation ($id: ID!) { editConsentDocument(id: $id, version: 1, title: "Edited", details: "Edited text", included: true) { id } }', { id: await ownersConsent() }), 'Mutation.editConsentDocument'),
    'Mutation.deleteConsentDocument': async (who) =>
      outcomeOf(await call(who, 'mutation ($id: ID!) { deleteConsentDocument(id: $id) { id status } }', { id: await ownersConsent() }), 'Mutation.deleteConsentDocument'),
    'Query.getTemplateLibraryMetadata': async (who) => outcomeOf(await call(who, '{ getTemplateLibraryMetadata { formName } }'), 'Query.getTemplateLibraryMetadata'),
    'Query.getTherapistIntakeFormSettings': async (who) => outcomeOf(await call(who, '{ getTherapistIntakeFormSettings { forms { formName } } }'), 'Query.getTherapistIntakeFormSettings'),
    'Mutation.setTherapistIntakeFormSettings': async (who) =>
      outcomeOf(await call(who, 'mutation { setTherapistIntakeFormSettings(formName: "adult-intake") { version } }'), 'Mutation.setTherapistIntakeFormSettings'),
    'Mutation.removeTherapistIntakeFormSettings': async (who) => {
      // The form is chosen first (by the caller's practice's owner), so an allowed removal has something to remove.
      await call(who === 'otherPractice' ? 'otherPractice' : 'owner', 'mutation { setTherapistIntakeFormSettings(formName: "couples-intake") { version } }');
      return outcomeOf(await call(who, 'mutation { removeTherapistIntakeFormSettings(formName: "couples-intake") { version } }'), 'Mutation.removeTherapistIntakeFormSettings');
    },
    'Mutation.setTherapistIntakeFormSettingsDefault': async (who) => {
      await call(who === 'otherPractice' ? 'otherPractice' : 'owner', 'mutation { setTherapistIntakeFormSettings(formName: "minor-intake") { version } }');
      return outcomeOf(await call(who, 'mutation { setTherapistIntakeFormSettingsDefault(formName: "minor-intake", default: true) { defaultForm } }'), 'Mutation.setTherapistIntakeFormSettingsDefault');
    },
    // The client's own side: the client signs a fresh included document and fills the practice's default form.
    'Query.clientDocuments': async (who) => outcomeOf(await call(who, '{ clientDocuments { id status } }'), 'Query.clientDocuments'),
    'Mutation.signConsentDocument': async (who) =>
      outcomeOf(
        await call(who, 'mutation ($p: ID!, $d: ID!) { signConsentDocument(practiceId: $p, documentId: $d, version: 1, typedName: "Taylor Brooks", agreed: true) { status } }', { p: seededPracticeId(), d: await ownersConsent(true) }),
        'Mutation.signConsentDocument',
      ),
    'Mutation.submitIntakeForm': async (who) => {
      await call('owner', 'mutation { setTherapistIntakeFormSettings(formName: "adult-intake") { version } }');
      await call('owner', 'mutation { setTherapistIntakeFormSettingsDefault(formName: "adult-intake", default: true) { version } }');
      const answers = { firstName: 'Taylor', lastName: 'Brooks', dateOfBirth: '05/17/1990', phone: '5035550199', email: 'client@demo.practiceportal.test', emergencyName: 'Sam Brooks', emergencyRelationship: 'Sister', emergencyPhone: '5035550100', reason: 'Matrix', previousTherapy: false, selfHarmThoughts: false, harmOthersThoughts: false };
      return outcomeOf(await call(who, 'mutation ($p: ID!, $a: AWSJSON!) { submitIntakeForm(practiceId: $p, formId: "adult-intake", answers: $a) { status } }', { p: seededPracticeId(), a: JSON.stringify(answers) }), 'Mutation.submitIntakeForm');
    },
    'Query.getClientDocuments': async (who, target) =>
      outcomeOf(await call(who, 'query ($t: ID!, $c: ID!) { getClientDocuments(therapistId: $t, clientId: $c) { id } }', { t: seededPracticeId(), c: target }), 'Query.getClientDocuments'),
    'Query.getSignedConsentPdf': async (who, target) => {
      // A signature of a fresh document by the target client, as the client's signing writes it.
      const documentId = await ownersConsent(true);
      await matrix.runtime.dynamo.client.send(new PutItemCommand({
        TableName: tableName('local', 'Practice'),
        Item: marshall({ PK: `P#${seededPracticeId()}`, SK: `ConsentSig#${target}#${documentId}#000001`, practiceId: seededPracticeId(), clientId: target, documentId, version: 1, title: 'Matrix consent', typedName: 'Matrix Client', agreed: true, signedAt: new Date().toISOString(), ip: '127.0.0.1' }),
      }));
      return outcomeOf(await call(who, 'query ($c: ID!, $d: ID!) { getSignedConsentPdf(clientId: $c, documentId: $d, version: 1) { fileName } }', { c: target, d: documentId }), 'Query.getSignedConsentPdf');
    },
    'Mutation.acceptIntakeAnswers': async (who, target) => {
      // Pending answers on the target client, as the client would have sent them (written to the table: the target has no portal account).
      const submissionId = randomUUID();
      await matrix.runtime.dynamo.client.send(new PutItemCommand({
        TableName: tableName('local', 'Practice'),
        Item: marshall({ PK: `P#${seededPracticeId()}`, SK: `IntakeAnswers#${target}#${submissionId}`, practiceId: seededPracticeId(), clientId: target, submissionId, formName: 'adult-intake', answers: { phone: '+15035550123' }, status: 'pending', submittedAt: new Date().toISOString() }),
      }));
      return outcomeOf(await call(who, 'mutation ($c: ID!, $s: ID!) { acceptIntakeAnswers(clientId: $c, submissionId: $s, clientVersion: 1) { version } }', { c: target, s: submissionId }), 'Mutation.acceptIntakeAnswers');
    },
    'Mutation.shareClientDocuments': async (who) => {
      const c = await ownersClientWithEmail(who);
      await call('owner', 'mutation ($c: ID!) { inviteClientToPortal(clientId: $c) { state } }', { c });
      return outcomeOf(await call(who, 'mutation ($c: ID!, $d: [ID!]!) { shareClientDocuments(clientId: $c, documents: $d) { emailed } }', { c, d: [await ownersConsent()] }), 'Mutation.shareClientDocuments');
    },
  },
  // Consent documents and intake forms (issue 12), the client's own.
  clientAllowed: ['Query.clientDocuments', 'Mutation.signConsentDocument', 'Mutation.submitIntakeForm'],
  // The practice's intake form settings are one item, written at the version just read.
  exclusive: ['Mutation.setTherapistIntakeFormSettings', 'Mutation.removeTherapistIntakeFormSettings', 'Mutation.setTherapistIntakeFormSettingsDefault', 'Mutation.submitIntakeForm'],
};
