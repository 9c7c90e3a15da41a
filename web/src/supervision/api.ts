/**
 * The supervision page's API (issue 18): the supervisor's list of supervisees' notes awaiting
 * co-signature, one note read-only, co-sign and return with a comment; a note's co-signature state
 * for its clinician.
 */
import { call } from '../settings/graphql';
import type { TypedDocument } from '../platform/typed-document';
import type {
  CosignProgressNoteMutation,
  CosignProgressNoteMutationVariables,
  GetNoteCosignQuery,
  GetNoteCosignQueryVariables,
  GetPayerClaimSettingsQuery,
  GetPayerClaimSettingsQueryVariables,
  GetSupervisedNoteQuery,
  GetSupervisedNoteQueryVariables,
  ListNotesAwaitingCosignQuery,
  ListNotesAwaitingCosignQueryVariables,
  ListSupervisionsQuery,
  ListSupervisionsQueryVariables,
  ReturnProgressNoteMutation,
  ReturnProgressNoteMutationVariables,
  SetPayerClaimSettingMutation,
  SetPayerClaimSettingMutationVariables,
  SetSupervisorsMutation,
  SetSupervisorsMutationVariables,
} from '../platform/operations.generated';

export type AwaitingRow = ListNotesAwaitingCosignQuery['listNotesAwaitingCosign']['items'][number];
export type SupervisedNote = GetSupervisedNoteQuery['getSupervisedNote'];
export type NoteCosign = GetNoteCosignQuery['getNoteCosign'];

const LIST = (/* GraphQL */ `
  query ListNotesAwaitingCosign($nextToken: String) {
    listNotesAwaitingCosign(nextToken: $nextToken) {
      items { noteId appointmentId clinicianId clinicianName clientId clientName date signedAt version ageDays }
      nextToken
    }
  }
`) as TypedDocument<ListNotesAwaitingCosignQuery, ListNotesAwaitingCosignQueryVariables>;

const GET = (/* GraphQL */ `
  query GetSupervisedNote($id: ID!) {
    getSupervisedNote(id: $id) {
      status
      note { id date template signed signedAt version sections { key text } addenda { id text createdAt } }
      cosignature { supervisorName at version }
      returns { supervisorName at version comment }
    }
  }
`) as TypedDocument<GetSupervisedNoteQuery, GetSupervisedNoteQueryVariables>;

const COSIGN = (/* GraphQL */ `
  mutation CosignProgressNote($noteId: ID!, $version: Int!) {
    cosignProgressNote(noteId: $noteId, version: $version) { status cosignature { supervisorName at version } }
  }
`) as TypedDocument<CosignProgressNoteMutation, CosignProgressNoteMutationVariables>;

const RETURN = (/* GraphQL */ `
  mutation ReturnProgressNote($noteId: ID!, $version: Int!, $comment: String!) {
    returnProgressNote(noteId: $noteId, version: $version, comment: $comment) { status }
  }
`) as TypedDocument<ReturnProgressNoteMutation, ReturnProgressNoteMutationVariables>;

const STATE = (/* GraphQL */ `
  query GetNoteCosign($noteId: ID!) {
    getNoteCosign(noteId: $noteId) { noteId version status cosignature { supervisorName at version } returns { supervisorName at comment } }
  }
`) as TypedDocument<GetNoteCosignQuery, GetNoteCosignQueryVariables>;

export const listAwaiting = (nextToken: string | null) => call(LIST, { nextToken }, (d) => d.listNotesAwaitingCosign);
export const getSupervisedNote = (id: string) => call(GET, { id }, (d) => d.getSupervisedNote);
export const cosignNote = (noteId: string, version: number) => call(COSIGN, { noteId, version }, (d) => d.cosignProgressNote);
export const returnNote = (noteId: string, version: number, comment: string) => call(RETURN, { noteId, version, comment }, (d) => d.returnProgressNote);
export const getNoteCosign = (noteId: string) => call(STATE, { noteId }, (d) => d.getNoteCosign);

const SUPERVISIONS = (/* GraphQL */ `
  query ListSupervisions {
    listSupervisions { clinicianId supervisorIds reminderDays }
  }
`) as TypedDocument<ListSupervisionsQuery, ListSupervisionsQueryVariables>;

const SET_SUPERVISORS = (/* GraphQL */ `
  mutation SetSupervisors($clinicianId: ID!, $supervisorIds: [ID!]!, $reminderDays: Int) {
    setSupervisors(clinicianId: $clinicianId, supervisorIds: $supervisorIds, reminderDays: $reminderDays) { clinicianId supervisorIds reminderDays }
  }
`) as TypedDocument<SetSupervisorsMutation, SetSupervisorsMutationVariables>;

/** The team page: who supervises whom (owner, clinicianAdmin). */
export const listSupervisions = () => call(SUPERVISIONS, {}, (d) => d.listSupervisions);
/** reminderDays: days a signed note waits before its supervisors are e-mailed (1–30, the server's rule); null keeps the stored one. */
export const setSupervisors = (clinicianId: string, supervisorIds: string[], reminderDays: number | null = null) =>
  call(SET_SUPERVISORS, { clinicianId, supervisorIds, reminderDays }, (d) => d.setSupervisors);

export type PayerClaimSetting = GetPayerClaimSettingsQuery['getPayerClaimSettings'][number];

const PAYER_SETTINGS = (/* GraphQL */ `
  query GetPayerClaimSettings {
    getPayerClaimSettings { payerId payerName requiresSupervisingProvider updatedAt }
  }
`) as TypedDocument<GetPayerClaimSettingsQuery, GetPayerClaimSettingsQueryVariables>;

const SET_PAYER_SETTING = (/* GraphQL */ `
  mutation SetPayerClaimSetting($payerId: ID!, $requiresSupervisingProvider: Boolean!) {
    setPayerClaimSetting(payerId: $payerId, requiresSupervisingProvider: $requiresSupervisingProvider) { payerId payerName requiresSupervisingProvider updatedAt }
  }
`) as TypedDocument<SetPayerClaimSettingMutation, SetPayerClaimSettingMutationVariables>;

/** The payer settings page (owner, clinicianAdmin, biller): payers whose claims carry the supervising provider. */
export const getPayerClaimSettings = () => call(PAYER_SETTINGS, {}, (d) => d.getPayerClaimSettings);
export const setPayerClaimSetting = (payerId: string, requiresSupervisingProvider: boolean) =>
  call(SET_PAYER_SETTING, { payerId, requiresSupervisingProvider }, (d) => d.setPayerClaimSetting);
