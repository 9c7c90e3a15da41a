import { PERMISSIONS, holds, type Permission } from '../../../domain/permissions';
import { useViewer } from '../shell/ViewerContext';

/** Whether the viewer holds a permission: a courtesy to hide buttons; the API is the gate. */
export function useHolds(permission: Permission): boolean {
  const state = useViewer();
  return state.status === 'ready' && holds(permission, state.viewer.roles, state.viewer.groups);
}

/** Owner and clinician admin may change the practice's plan. */
export const useCanChangePlan = () => useHolds(PERMISSIONS.upgradePlan);
