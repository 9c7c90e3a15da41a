/**
 * The appointment and progress-note calls (schema.graphql, issue #7) over the console's one
 * GraphQL client. Failures are thrown as ApiError (the server's error type and field problems).
 * The documents are typed from the generated operation types (platform/typed-document.ts): the
 * shapes below are what the documents select, so a schema change that breaks a page fails the
 * type check.
 */
import { call } from '../settings/graphql';
import type { TypedDocument } from '../platform/typed-document';
import type * as Op from '../platform/operations.generated';

export type AppointmentStatus = Op.AppointmentStatus;
export type LocationType = Op.AppointmentLocationType;
export type EditScope = Op.EditScope;
export type NoteTemplate = Op.NoteTemplate;

export type Appointment = Op.AppointmentFieldsFragment;
export type Recurrence = NonNullable<Appointment['recurrence']>;
export type AppointmentPage = Op.ListAppointmentsQuery['listAppointments'];
export type AppointmentInput = Op.AppointmentInput;
export type Service = Op.GetServicesOfferedQuery['getServicesOffered'][number];
export type ProgressNote = Op.NoteFieldsFragment;
export type NoteSection = ProgressNote['sections'][number];
export type NoteAddendum = ProgressNote['addenda'][number];
export type NoteTemplateMeta = Op.GetProgessNoteMetadataQuery['getProgessNoteMetadata']['templates'][number];
/** Practice-wide appointment rules, with the practice's time zone and location names. */
export type AppointmentSettings = Op.GetAppointmentSettingsQuery['getAppointmentSettings'];
/** A member who can hold appointments; id is Appointment.clinicianId. */
export type Clinician = Op.ListCliniciansQuery['listClinicians'][number];

const APPOINTMENT_FIELDS = /* GraphQL */ `
  fragment AppointmentFields on Appointment {
    id seriesId clientId clientName clinicianId clinicianName serviceCode locationType locationName
    start end durationMinutes recurrence { frequency interval until count rrule } status sendEmailReminder
    videoRoomId clientVideoPath readOnly progressNoteId version createdAt updatedAt
  }
`;
const NOTE_FIELDS = /* GraphQL */ `
  fragment NoteFields on ProgressNote {
    id appointmentId clientId clinicianId date template sections { key text } signed signedAt
    addenda { id text authorId createdAt } version createdAt updatedAt
  }
`;

const LIST_APPOINTMENTS = (/* GraphQL */ `
  query ListAppointments($from: AWSDateTime!, $to: AWSDateTime!, $clinicianId: ID, $status: AppointmentStatus, $nextToken: String) {
    listAppointments(from: $from, to: $to, clinicianId: $clinicianId, status: $status, nextToken: $nextToken) { items { ...AppointmentFields } nextToken }
  }
  ${APPOINTMENT_FIELDS}
`) as TypedDocument<Op.ListAppointmentsQuery, Op.ListAppointmentsQueryVariables>;

const GET_APPOINTMENT = (/* GraphQL */ `
  query GetAppointment($id: ID!) {
    getAppointment(id: $id) { ...AppointmentFields }
  }
  ${APPOINTMENT_FIELDS}
`) as TypedDocument<Op.GetAppointmentQuery, Op.GetAppointmentQueryVariables>;

const GET_SERVICES_OFFERED = (/* GraphQL */ `
  query GetServicesOffered {
    getServicesOffered { code description defaultMinutes }
  }
`) as TypedDocument<Op.GetServicesOfferedQuery, Op.GetServicesOfferedQueryVariables>;

const CREATE_APPOINTMENT = (/* GraphQL */ `
  mutation CreateAppointment($input: AppointmentInput!) {
    createAppointment(input: $input) { ...AppointmentFields }
  }
  ${APPOINTMENT_FIELDS}
`) as TypedDocument<Op.CreateAppointmentMutation, Op.CreateAppointmentMutationVariables>;

const EDIT_APPOINTMENT = (/* GraphQL */ `
  mutation EditAppointment($id: ID!, $version: Int!, $scope: EditScope!, $input: AppointmentInput!) {
    editAppointment(id: $id, version: $version, scope: $scope, input: $input) { ...AppointmentFields }
  }
  ${APPOINTMENT_FIELDS}
`) as TypedDocument<Op.EditAppointmentMutation, Op.EditAppointmentMutationVariables>;

const CANCEL_APPOINTMENT = (/* GraphQL */ `
  mutation CancelAppointment($id: ID!, $version: Int!, $scope: EditScope!) {
    cancelAppointment(id: $id, version: $version, scope: $scope) { ...AppointmentFields }
  }
  ${APPOINTMENT_FIELDS}
`) as TypedDocument<Op.CancelAppointmentMutation, Op.CancelAppointmentMutationVariables>;

const SET_APPOINTMENT_STATUS = (/* GraphQL */ `
  mutation SetAppointmentStatus($id: ID!, $version: Int!, $status: AppointmentStatus!) {
    setAppointmentStatus(id: $id, version: $version, status: $status) { ...AppointmentFields }
  }
  ${APPOINTMENT_FIELDS}
`) as TypedDocument<Op.SetAppointmentStatusMutation, Op.SetAppointmentStatusMutationVariables>;

const GET_NOTE_METADATA = (/* GraphQL */ `
  query GetProgessNoteMetadata {
    getProgessNoteMetadata { templates { template label sections { key label } } }
  }
`) as TypedDocument<Op.GetProgessNoteMetadataQuery, Op.GetProgessNoteMetadataQueryVariables>;

const GET_PROGRESS_NOTE = (/* GraphQL */ `
  query GetProgressNote($appointmentId: ID!) {
    getProgressNote(appointmentId: $appointmentId) { ...NoteFields }
  }
  ${NOTE_FIELDS}
`) as TypedDocument<Op.GetProgressNoteQuery, Op.GetProgressNoteQueryVariables>;

const CREATE_PROGRESS_NOTE = (/* GraphQL */ `
  mutation CreateProgressNote($appointmentId: ID!, $date: AWSDate!, $input: ProgressNoteInput!) {
    createProgressNote(appointmentId: $appointmentId, date: $date, input: $input) { ...NoteFields }
  }
  ${NOTE_FIELDS}
`) as TypedDocument<Op.CreateProgressNoteMutation, Op.CreateProgressNoteMutationVariables>;

const EDIT_PROGRESS_NOTE = (/* GraphQL */ `
  mutation EditProgressNote($id: ID!, $input: ProgressNoteEditInput!) {
    editProgressNote(id: $id, input: $input) { ...NoteFields }
  }
  ${NOTE_FIELDS}
`) as TypedDocument<Op.EditProgressNoteMutation, Op.EditProgressNoteMutationVariables>;

const GET_APPOINTMENT_SETTINGS = (/* GraphQL */ `
  query GetAppointmentSettings {
    getAppointmentSettings {
      lateCancelHours reminderLeadMinutes reminderChannel allowDoubleBooking reminderIncludesClinician reminderIncludesLocation timezone locations version
    }
  }
`) as TypedDocument<Op.GetAppointmentSettingsQuery, Op.GetAppointmentSettingsQueryVariables>;

const LIST_CLINICIANS = (/* GraphQL */ `
  query ListClinicians {
    listClinicians { id name }
  }
`) as TypedDocument<Op.ListCliniciansQuery, Op.ListCliniciansQueryVariables>;

export interface ListFilter {
  from: string;
  to: string;
  clinicianId?: string | null;
  status?: AppointmentStatus | null;
}

/** One page of the appointments overlapping [from, to) (UTC), by start. */
export function listAppointments(filter: ListFilter, nextToken: string | null = null): Promise<AppointmentPage> {
  return call(
    LIST_APPOINTMENTS,
    { from: filter.from, to: filter.to, clinicianId: filter.clinicianId ?? null, status: filter.status ?? null, nextToken },
    (d) => d.listAppointments,
  );
}

/** Every appointment in the range (all pages): what one calendar view shows. */
export async function listAllAppointments(filter: ListFilter): Promise<Appointment[]> {
  const all: Appointment[] = [];
  let token: string | null = null;
  do {
    const page: AppointmentPage = await listAppointments(filter, token);
    all.push(...page.items);
    token = page.nextToken;
  } while (token);
  return all;
}

/** The appointment, or null when it is missing or not the caller's to see. */
export function getAppointment(id: string): Promise<Appointment | null> {
  return call(GET_APPOINTMENT, { id }, (d) => d.getAppointment ?? null);
}

export function getServicesOffered(): Promise<Service[]> {
  return call(GET_SERVICES_OFFERED, {}, (d) => d.getServicesOffered);
}

/** Every occurrence created (one, or each of a recurring series). */
export function createAppointment(input: AppointmentInput): Promise<Appointment[]> {
  return call(CREATE_APPOINTMENT, { input }, (d) => d.createAppointment);
}

/** Changes this occurrence, or this and the later ones of its series; returns every changed occurrence. */
export function editAppointment(id: string, version: number, scope: EditScope, input: AppointmentInput): Promise<Appointment[]> {
  return call(EDIT_APPOINTMENT, { id, version, scope, input }, (d) => d.editAppointment);
}

export function cancelAppointment(id: string, version: number, scope: EditScope): Promise<Appointment[]> {
  return call(CANCEL_APPOINTMENT, { id, version, scope }, (d) => d.cancelAppointment);
}

export function setAppointmentStatus(id: string, version: number, status: AppointmentStatus): Promise<Appointment> {
  return call(SET_APPOINTMENT_STATUS, { id, version, status }, (d) => d.setAppointmentStatus);
}

export function getProgressNoteMetadata(): Promise<NoteTemplateMeta[]> {
  return call(GET_NOTE_METADATA, {}, (d) => d.getProgessNoteMetadata.templates);
}

export function getProgressNote(appointmentId: string): Promise<ProgressNote | null> {
  return call(GET_PROGRESS_NOTE, { appointmentId }, (d) => d.getProgressNote ?? null);
}

export function createProgressNote(appointmentId: string, date: string, input: Op.ProgressNoteInput): Promise<ProgressNote> {
  return call(CREATE_PROGRESS_NOTE, { appointmentId, date, input }, (d) => d.createProgressNote);
}

export function editProgressNote(id: string, input: Op.ProgressNoteEditInput): Promise<ProgressNote> {
  return call(EDIT_PROGRESS_NOTE, { id, input }, (d) => d.editProgressNote);
}

export function getAppointmentSettings(): Promise<AppointmentSettings> {
  return call(GET_APPOINTMENT_SETTINGS, {}, (d) => d.getAppointmentSettings);
}

/** Everyone the caller may book for or filter by (only themselves for own-only roles). */
export function listClinicians(): Promise<Clinician[]> {
  return call(LIST_CLINICIANS, {}, (d) => d.listClinicians);
}
