import { PERMISSIONS, holds } from '../../../domain/permissions';
import { useViewer } from '../shell/ViewerContext';

/** What the viewer's roles allow with clients: a courtesy to hide buttons; the API is the gate. */
export function useClientRights(): { canCreate: boolean; canRemove: boolean } {
  const state = useViewer();
  if (state.status !== 'ready') return { canCreate: false, canRemove: false };
  const { roles, groups } = state.viewer;
  return { canCreate: holds(PERMISSIONS.clientCreate, roles, groups), canRemove: holds(PERMISSIONS.clientRemove, roles, groups) };
}
