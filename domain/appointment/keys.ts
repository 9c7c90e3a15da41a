/** Appointment items in the Practice table: primary keys, the schedule lock and the GSI keys by start. */

export function appointmentKey(practiceId: string, id: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'APPT#' + id };
}

export function appointmentSeriesKey(practiceId: string, seriesId: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'APPTSERIES#' + seriesId };
}

/** Serialises writes that could double-book a clinician: every such write bumps this item conditionally. */
export function clinicianScheduleKey(practiceId: string, clinicianId: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'APPTLOCK#' + clinicianId };
}

export function appointmentSettingsKey(practiceId: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'Settings#AppointmentSettings' };
}

export function servicesKey(practiceId: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'Settings#ServicesOffered' };
}

/**
 * GSI1: the practice's appointments by start; GSI2: one clinician's by start (beside their clients'
 * Client#… keys); GSI4: one client record's by start (the client portal's clientAppointments).
 */
export function appointmentsPartition(practiceId: string): string {
  return 'P#' + practiceId + '#APPTS';
}

export function clinicianPartition(practiceId: string, clinicianId: string): string {
  return 'P#' + practiceId + '#U#' + clinicianId;
}

export function clientAppointmentsPartition(practiceId: string, clientId: string): string {
  return 'P#' + practiceId + '#C#' + clientId + '#APPTS';
}

export function appointmentIndexKeys(practiceId: string, id: string, clinicianId: string, start: string, clientId: string): Record<string, string> {
  return {
    GSI1PK: appointmentsPartition(practiceId),
    GSI1SK: start + '#' + id,
    GSI2PK: clinicianPartition(practiceId, clinicianId),
    GSI2SK: 'APPT#' + start + '#' + id,
    GSI4PK: clientAppointmentsPartition(practiceId, clientId),
    GSI4SK: start + '#' + id,
  };
}
