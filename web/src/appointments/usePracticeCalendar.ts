/**
 * What both appointment pages need first: the practice's time zone and locations (appointment
 * settings), the clinicians the viewer may book for or filter by, and the viewer's rights (a
 * courtesy to hide buttons; the API decides).
 */
import { useEffect, useState } from 'react';
import { PERMISSIONS, holds } from '../../../domain/permissions';
import { useViewer } from '../shell/ViewerContext';
import { reportApiError } from '../shell/banners';
import { getAppointmentSettings, listClinicians, type Clinician } from './api';
import { practiceTimezone } from './time';

export interface PracticeCalendar {
  status: 'loading' | 'ready' | 'failed';
  zone: string;
  locations: string[];
  clinicians: Clinician[];
  /** The viewer's own id (= clinicianId of their appointments). */
  meId: string | null;
  /** May create appointments (own or for others). */
  canCreate: boolean;
  /** May name another clinician when booking. */
  canBookForOthers: boolean;
  error: unknown;
}

export interface AppointmentRights {
  canCreate: boolean;
  canBookForOthers: boolean;
}

/** Spec part 2 §6 / issue #7: own-only clinicians manage their own; all-seeing roles and the scheduler book for anyone; locked roles only read. */
export function appointmentRights(roles: string[], groups: string[]): AppointmentRights {
  const all = holds(PERMISSIONS.appointmentAll, roles, groups);
  const own = holds(PERMISSIONS.appointmentOwn, roles, groups);
  const create = holds(PERMISSIONS.appointmentCreate, roles, groups);
  return { canCreate: all || own || create, canBookForOthers: (all && create) || roles.includes('scheduler') };
}

export function usePracticeCalendar(): PracticeCalendar {
  const viewer = useViewer();
  const [state, setState] = useState<Omit<PracticeCalendar, 'meId' | 'canCreate' | 'canBookForOthers'>>({
    status: 'loading', zone: practiceTimezone(null), locations: [], clinicians: [], error: null,
  });
  useEffect(() => {
    let live = true;
    Promise.all([getAppointmentSettings(), listClinicians()]).then(
      ([settings, clinicians]) => {
        if (live) setState({ status: 'ready', zone: practiceTimezone(settings.timezone), locations: settings.locations, clinicians, error: null });
      },
      (error: unknown) => {
        if (!live) return;
        reportApiError(error);
        setState((s) => ({ ...s, status: 'failed', error }));
      },
    );
    return () => {
      live = false;
    };
  }, []);
  const rights = viewer.status === 'ready' ? appointmentRights(viewer.me.roles, viewer.me.groups) : { canCreate: false, canBookForOthers: false };
  return { ...state, ...rights, meId: viewer.status === 'ready' ? viewer.me.id : null };
}
