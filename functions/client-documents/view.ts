/**
 * A client's documents at one practice, as schema.graphql ClientDocument: the consent documents
 * offered to them (the practice's "included" ones and those shared to them) and any they signed;
 * the intake forms offered (the practice's default form and those shared) and any they answered.
 */
import { consentState } from '../../domain/documents/client-documents.ts';
import { templateByName } from '../../domain/documents/intake-templates.ts';
import { activeConsents, clientFiles, consentHead, consentVersion, intakeForms, type Item } from './records.ts';

export interface PracticeRef {
  practiceId: string;
  practiceName: string;
  clientId: string;
}

function shareOf(shares: Item[], kind: string, id: string): Item | null {
  return shares.find((s) => s.kind === kind && s.id === id) ?? null;
}

export async function consentDocuments(ref: PracticeRef, files: { signatures: Item[]; shares: Item[] }): Promise<Item[]> {
  const active = await activeConsents(ref.practiceId);
  const ids = new Set<string>([
    ...active.filter((d) => d.included === true).map((d) => d.id as string),
    ...files.shares.filter((s) => s.kind === 'consent').map((s) => s.id as string),
    ...files.signatures.map((s) => s.documentId as string),
  ]);
  const out: Item[] = [];
  for (const id of ids) {
    const head = active.find((d) => d.id === id) ?? (await consentHead(ref.practiceId, id));
    if (!head) continue;
    const signatures = files.signatures.filter((s) => s.documentId === id) as Array<Item & { version: number }>;
    const state = consentState(head, signatures);
    if (!state) continue;
    const signature = state.status === 'SIGNED' ? signatures.find((s) => s.version === state.version) : null;
    const text = state.version === head.version ? head : await consentVersion(ref.practiceId, id, state.version);
    const share = shareOf(files.shares, 'consent', id);
    out.push({
      ...ref,
      kind: 'CONSENT',
      id,
      title: text?.title ?? head.title,
      status: state.status,
      version: state.version,
      details: text?.details ?? null,
      signedAt: signature?.signedAt ?? null,
      typedName: signature?.typedName ?? null,
      ip: signature?.ip ?? null,
      note: share?.note ?? null,
      sharedAt: share?.sharedAt ?? null,
    });
  }
  return out.sort((a, b) => String(a.title).localeCompare(String(b.title)));
}

export async function intakeDocuments(ref: PracticeRef, files: { submissions: Item[]; shares: Item[] }): Promise<Item[]> {
  const forms = await intakeForms(ref.practiceId);
  const names = new Set<string>([
    ...forms.filter((f) => f.default).map((f) => f.formName),
    ...files.shares.filter((s) => s.kind === 'intake').map((s) => s.id as string),
    ...files.submissions.map((s) => s.formName as string),
  ]);
  const out: Item[] = [];
  for (const formName of names) {
    const form = templateByName(formName);
    if (!form) continue;
    const latest = files.submissions.filter((s) => s.formName === formName).sort((a, b) => String(b.submittedAt).localeCompare(String(a.submittedAt)))[0];
    const share = shareOf(files.shares, 'intake', formName);
    out.push({
      ...ref,
      kind: 'INTAKE_FORM',
      id: formName,
      title: form.title,
      status: !latest ? 'TO_FILL' : latest.status === 'accepted' ? 'ACCEPTED' : 'SUBMITTED',
      form,
      submissionId: latest?.submissionId ?? null,
      answers: latest ? JSON.stringify(latest.answers) : null,
      submittedAt: latest?.submittedAt ?? null,
      acceptedAt: latest?.acceptedAt ?? null,
      note: share?.note ?? null,
      sharedAt: share?.sharedAt ?? null,
    });
  }
  return out;
}

/** Every document of one client at one practice: consent documents, then intake forms. */
export async function documentsOf(ref: PracticeRef): Promise<Item[]> {
  const files = await clientFiles(ref.practiceId, ref.clientId);
  return [...(await consentDocuments(ref, files)), ...(await intakeDocuments(ref, files))];
}
