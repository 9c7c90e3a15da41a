import { mayCall } from '../common/api-rights';
import { useViewer } from '../shell/ViewerContext';

/**
 * What the viewer may open from an appointment, by the field rules the API applies (web/src/common/api-rights.ts,
 * checked against domain/field-rules.ts):
 * the progress note (getProgressNote) and the clinician's video room (getVideoToken). Both need notes.own (the
 * clinician roles), so a scheduler, supervisor or biller sees neither button instead of one that fails. A
 * courtesy: the API stays the gate. Nothing while the viewer is still loading.
 */
export function useAppointmentRights(): { notes: boolean; video: boolean } {
  const state = useViewer();
  if (state.status !== 'ready') return { notes: false, video: false };
  const { roles, groups, plan } = state.viewer;
  return { notes: mayCall('Query.getProgressNote', roles, plan, groups), video: mayCall('Query.getVideoToken', roles, plan, groups) };
}
