/**
 * Who sees and manages which appointments (issue #7, spec part 2 §6), from the caller's roles and
 * groups. Whether a caller may call an appointment field at all is FIELD_RULES' (domain/permissions.ts,
 * APPOINTMENT_READ / APPOINTMENT_WRITE); this says how far the rights reach. Which roles hold
 * appointments is CLINICIAN_ROLES there. APPSYNC_JS-safe: bundled into the resolvers and used by the appointments Lambda.
 */
import { holds, PERMISSIONS } from '../permissions.ts';

export type Scope = 'all' | 'own' | 'none';
export interface AppointmentAccess {
  read: Scope;
  write: Scope;
}

/**
 * Spec part 2 §6 and issue #7: clinicianBasic and clinicianBasicBilling see and manage their own
 * (appointment.own); owner, clinicianAdmin, clinicianFullClient see and manage all
 * (appointment.all); the scheduler sees all and creates and edits for any clinician (the issue's
 * reading, docs/decisions.md); supervisor and biller read all, locked (appointment.locked);
 * coordinators nothing. A member holding several roles gets the widest of each.
 */
export function appointmentAccess(roles: string[] | null | undefined, groups?: string[] | null): AppointmentAccess {
  const list = roles || [];
  const all = holds(PERMISSIONS.appointmentAll, list, groups) || list.indexOf('scheduler') >= 0;
  const own = holds(PERMISSIONS.appointmentOwn, list, groups);
  const locked = holds(PERMISSIONS.appointmentLocked, list, groups);
  const write: Scope = all ? 'all' : own ? 'own' : 'none';
  const read: Scope = all || locked ? 'all' : own ? 'own' : 'none';
  return { read: read, write: write };
}

/** Whether a caller with this access sees an appointment of `clinicianId` (another clinician's is as if missing). */
export function canSee(access: AppointmentAccess, callerSub: string, clinicianId: unknown): boolean {
  return access.read === 'all' || (access.read === 'own' && clinicianId === callerSub);
}

export function canWrite(access: AppointmentAccess, callerSub: string, clinicianId: unknown): boolean {
  return access.write === 'all' || (access.write === 'own' && clinicianId === callerSub);
}
