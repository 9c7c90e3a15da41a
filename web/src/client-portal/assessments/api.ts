/**
 * Assessments from the client's side (issue 13): the single-use link's public calls (the token from
 * the link's fragment, posted in the body) and the signed-in client's GraphQL.
 */
import { MESSAGES } from '../../../../domain/messages';
import { postPublic } from '../../platform/rest';
import { graphqlRequest } from '../../platform/graphql';
import type { ClientOpenAssessmentsQuery, ClientOpenAssessmentsQueryVariables } from '../../platform/operations.generated';
import type { TypedDocument } from '../../platform/typed-document';
import { refusalMessage } from '../api';

export interface FormItem {
  linkId: string;
  text: string;
  type: 'choice' | 'boolean';
  answerOption: { value: number; display: string }[];
  enableWhen?: { question: string; answer: number };
}

export interface OpenAssessment {
  practiceId: string;
  practiceName: string | null;
  assignmentId: string;
  occurrence: string;
  expiresAt: string;
  instrument: { id: string; title: string; shortTitle: string; preamble: string; copyright: string; languages: string[]; form: string };
  /** JSON of the answers saved so far, or null. */
  answers: string | null;
}

export type Answers = Record<string, number>;
export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };
export interface Submitted {
  status: string;
  crisisText: string | null;
}

export const formItems = (a: OpenAssessment): FormItem[] => (JSON.parse(a.instrument.form) as { item: FormItem[] }).item;
export const savedAnswers = (a: OpenAssessment): Answers => (a.answers ? (JSON.parse(a.answers) as Answers) : {});

async function rest<T>(path: string, payload: unknown): Promise<Outcome<T>> {
  try {
    const { status, body } = await postPublic<unknown>(path, payload);
    if (status >= 200 && status < 300) return { ok: true, value: body as T };
    const message = (body as { message?: unknown } | null)?.message;
    return { ok: false, message: status < 500 && typeof message === 'string' && message ? message : MESSAGES.defaultError };
  } catch {
    return { ok: false, message: MESSAGES.defaultError };
  }
}

export const readLink = (token: string) => rest<OpenAssessment>('/assessmentLink', { token });
export const saveLink = (token: string, answers: Answers) => rest<{ saved: boolean }>('/saveAssessmentLink', { token, answers });
export const submitLink = (token: string, answers: Answers) => rest<Submitted>('/submitAssessmentLink', { token, answers });

/** The token in a link's fragment (`/portal/assessment#<token>`), or null. */
export function tokenFromHash(hash: string): string | null {
  const token = hash.replace(/^#/, '').trim();
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

const OPEN_FIELDS = /* GraphQL */ `
  fragment ClientOpenAssessmentFields on ClientAssessment {
    practiceId practiceName assignmentId occurrence expiresAt answers instrument { id title shortTitle preamble copyright languages form }
  }
`;
const OPEN_ASSESSMENTS = (/* GraphQL */ `
  query ClientOpenAssessments { clientOpenAssessments { ...ClientOpenAssessmentFields } }
  ${OPEN_FIELDS}
`) as TypedDocument<ClientOpenAssessmentsQuery, ClientOpenAssessmentsQueryVariables>;

async function gql<T>(query: string, variables: Record<string, unknown>, field: string): Promise<Outcome<T>> {
  try {
    const { data } = await graphqlRequest({ query, variables });
    return { ok: true, value: data[field] as T };
  } catch (error) {
    return { ok: false, message: refusalMessage(error) ?? MESSAGES.defaultError };
  }
}

export const openAssessments = () => gql<OpenAssessment[]>(OPEN_ASSESSMENTS, {}, 'clientOpenAssessments');
export const saveAnswers = (a: OpenAssessment, answers: Answers) =>
  gql<OpenAssessment>(/* GraphQL */ `mutation SaveClientAssessmentAnswers($p: ID!, $a: ID!, $x: AWSJSON!) { saveClientAssessmentAnswers(practiceId: $p, assignmentId: $a, answers: $x) { assignmentId } }`, { p: a.practiceId, a: a.assignmentId, x: JSON.stringify(answers) }, 'saveClientAssessmentAnswers');
export const submitAnswers = (a: OpenAssessment, answers: Answers) =>
  gql<Submitted>(/* GraphQL */ `mutation SubmitClientAssessment($p: ID!, $a: ID!, $x: AWSJSON!) { submitClientAssessment(practiceId: $p, assignmentId: $a, answers: $x) { status crisisText } }`, { p: a.practiceId, a: a.assignmentId, x: JSON.stringify(answers) }, 'submitClientAssessment');
