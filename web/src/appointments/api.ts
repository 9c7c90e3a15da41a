/**
 * The appointment and progress-note calls (schema.graphql, issue #7) over the console's one
 * GraphQL client. Failures are thrown as ApiError (the server's error type and field problems).
 */
import { call } from '../settings/graphql';

export type AppointmentStatus = 'SCHEDULED' | 'ATTENDED' | 'NO_SHOW' | 'CANCELLED' | 'LATE_CANCELLED';
export type LocationType = 'OFFICE' | 'TELEHEALTH';
export type EditScope = 'THIS' | 'SERIES';
export type NoteTemplate = 'SOAP' | 'DAP' | 'BIRP' | 'FREE';

export interface Recurrence {
  frequency: 'WEEKLY';
  interval: number;
  until: string | null;
  count: number | null;
  rrule: string;
}

export interface Appointment {
  id: string;
  seriesId: string | null;
  clientId: string;
  clientName: string;
  clinicianId: string;
  clinicianName: string | null;
  serviceCode: string;
  locationType: LocationType;
  locationName: string | null;
  start: string;
  end: string;
  durationMinutes: number;
  recurrence: Recurrence | null;
  status: AppointmentStatus;
  sendEmailReminder: boolean;
  videoRoomId: string | null;
  clientVideoPath: string | null;
  readOnly: boolean;
  progressNoteId: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface AppointmentPage {
  items: Appointment[];
  nextToken: string | null;
}

export interface AppointmentInput {
  clientId?: string;
  clinicianId?: string;
  serviceCode?: string;
  locationType?: LocationType;
  locationName?: string | null;
  start?: string;
  durationMinutes?: number;
  recurrence?: { frequency: 'WEEKLY'; interval: number; until?: string; count?: number };
  sendEmailReminder?: boolean;
}

export interface Service {
  code: string;
  description: string;
  defaultMinutes: number;
}

export interface NoteSection {
  key: string;
  text: string;
}

export interface NoteTemplateMeta {
  template: NoteTemplate;
  label: string;
  sections: { key: string; label: string }[];
}

export interface NoteAddendum {
  id: string;
  text: string;
  authorId: string;
  createdAt: string;
}

export interface ProgressNote {
  id: string;
  appointmentId: string;
  clientId: string;
  clinicianId: string;
  date: string;
  template: NoteTemplate;
  sections: NoteSection[];
  signed: boolean;
  signedAt: string | null;
  addenda: NoteAddendum[];
  version: number;
  createdAt: string;
  updatedAt: string;
}

const APPOINTMENT_FIELDS = `id seriesId clientId clientName clinicianId clinicianName serviceCode locationType locationName
  start end durationMinutes recurrence { frequency interval until count rrule } status sendEmailReminder
  videoRoomId clientVideoPath readOnly progressNoteId version createdAt updatedAt`;
const NOTE_FIELDS = `id appointmentId clientId clinicianId date template sections { key text } signed signedAt
  addenda { id text authorId createdAt } version createdAt updatedAt`;

export interface ListFilter {
  from: string;
  to: string;
  clinicianId?: string | null;
  status?: AppointmentStatus | null;
}

/** One page of the appointments overlapping [from, to) (UTC), by start. */
export function listAppointments(filter: ListFilter, nextToken: string | null = null): Promise<AppointmentPage> {
  return call(
    `query ListAppointments($from: AWSDateTime!, $to: AWSDateTime!, $clinicianId: ID, $status: AppointmentStatus, $nextToken: String) {
      listAppointments(from: $from, to: $to, clinicianId: $clinicianId, status: $status, nextToken: $nextToken) { items { ${APPOINTMENT_FIELDS} } nextToken } }`,
    { from: filter.from, to: filter.to, clinicianId: filter.clinicianId ?? null, status: filter.status ?? null, nextToken },
    (d) => d.listAppointments as AppointmentPage,
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
  return call(`query GetAppointment($id: ID!) { getAppointment(id: $id) { ${APPOINTMENT_FIELDS} } }`, { id }, (d) => (d.getAppointment as Appointment | null) ?? null);
}

export function getServicesOffered(): Promise<Service[]> {
  return call(`query GetServicesOffered { getServicesOffered { code description defaultMinutes } }`, {}, (d) => d.getServicesOffered as Service[]);
}

/** Every occurrence created (one, or each of a recurring series). */
export function createAppointment(input: AppointmentInput): Promise<Appointment[]> {
  return call(
    `mutation CreateAppointment($input: AppointmentInput!) { createAppointment(input: $input) { ${APPOINTMENT_FIELDS} } }`,
    { input },
    (d) => d.createAppointment as Appointment[],
  );
}

/** Changes this occurrence, or this and the later ones of its series; returns every changed occurrence. */
export function editAppointment(id: string, version: number, scope: EditScope, input: AppointmentInput): Promise<Appointment[]> {
  return call(
    `mutation EditAppointment($id: ID!, $version: Int!, $scope: EditScope!, $input: AppointmentInput!) {
      editAppointment(id: $id, version: $version, scope: $scope, input: $input) { ${APPOINTMENT_FIELDS} } }`,
    { id, version, scope, input },
    (d) => d.editAppointment as Appointment[],
  );
}

export function cancelAppointment(id: string, version: number, scope: EditScope): Promise<Appointment[]> {
  return call(
    `mutation CancelAppointment($id: ID!, $version: Int!, $scope: EditScope!) { cancelAppointment(id: $id, version: $version, scope: $scope) { ${APPOINTMENT_FIELDS} } }`,
    { id, version, scope },
    (d) => d.cancelAppointment as Appointment[],
  );
}

export function setAppointmentStatus(id: string, version: number, status: AppointmentStatus): Promise<Appointment> {
  return call(
    `mutation SetAppointmentStatus($id: ID!, $version: Int!, $status: AppointmentStatus!) { setAppointmentStatus(id: $id, version: $version, status: $status) { ${APPOINTMENT_FIELDS} } }`,
    { id, version, status },
    (d) => d.setAppointmentStatus as Appointment,
  );
}

export function getProgressNoteMetadata(): Promise<NoteTemplateMeta[]> {
  return call(
    `query GetProgessNoteMetadata { getProgessNoteMetadata { templates { template label sections { key label } } } }`,
    {},
    (d) => (d.getProgessNoteMetadata as { templates: NoteTemplateMeta[] }).templates,
  );
}

export function getProgressNote(appointmentId: string): Promise<ProgressNote | null> {
  return call(
    `query GetProgressNote($appointmentId: ID!) { getProgressNote(appointmentId: $appointmentId) { ${NOTE_FIELDS} } }`,
    { appointmentId },
    (d) => (d.getProgressNote as ProgressNote | null) ?? null,
  );
}

export function createProgressNote(
  appointmentId: string,
  date: string,
  input: { template: NoteTemplate; sections: NoteSection[]; sign: boolean },
): Promise<ProgressNote> {
  return call(
    `mutation CreateProgressNote($appointmentId: ID!, $date: AWSDate!, $input: ProgressNoteInput!) {
      createProgressNote(appointmentId: $appointmentId, date: $date, input: $input) { ${NOTE_FIELDS} } }`,
    { appointmentId, date, input },
    (d) => d.createProgressNote as ProgressNote,
  );
}

export function editProgressNote(id: string, input: { version: number; sections?: NoteSection[]; sign?: boolean; addendum?: string }): Promise<ProgressNote> {
  return call(
    `mutation EditProgressNote($id: ID!, $input: ProgressNoteEditInput!) { editProgressNote(id: $id, input: $input) { ${NOTE_FIELDS} } }`,
    { id, input },
    (d) => d.editProgressNote as ProgressNote,
  );
}

/** Practice-wide appointment rules, with the practice's time zone and location names. */
export interface AppointmentSettings {
  lateCancelHours: number;
  reminderLeadMinutes: number;
  reminderChannel: string;
  allowDoubleBooking: boolean;
  reminderIncludesClinician: boolean;
  reminderIncludesLocation: boolean;
  timezone: string;
  locations: string[];
  version: number;
}

export function getAppointmentSettings(): Promise<AppointmentSettings> {
  return call(
    `query GetAppointmentSettings { getAppointmentSettings { lateCancelHours reminderLeadMinutes reminderChannel allowDoubleBooking
      reminderIncludesClinician reminderIncludesLocation timezone locations version } }`,
    {},
    (d) => d.getAppointmentSettings as AppointmentSettings,
  );
}

/** A member who can hold appointments; id is Appointment.clinicianId. */
export interface Clinician {
  id: string;
  name: string;
}

/** Everyone the caller may book for or filter by (only themselves for own-only roles). */
export function listClinicians(): Promise<Clinician[]> {
  return call(`query ListClinicians { listClinicians { id name } }`, {}, (d) => d.listClinicians as Clinician[]);
}
