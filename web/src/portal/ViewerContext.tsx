import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Viewer } from '../../../domain/route-access';
import { fetchMe, type Me } from '../auth/api';

/**
 * Who the signed-in user is for the console's own gating: roles, groups and plan as the API sees
 * them (`me`, read from the membership record), not as the token claimed at sign-in. The gating
 * here is a courtesy; the API is the gate.
 */
export type ViewerState = { status: 'loading' } | { status: 'ready'; me: Me; viewer: Viewer } | { status: 'failed' };

const ViewerContext = createContext<ViewerState>({ status: 'loading' });

export function useViewer(): ViewerState {
  return useContext(ViewerContext);
}

export function ViewerProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ViewerState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    fetchMe()
      .then((me) => live && setState({ status: 'ready', me, viewer: { roles: me.roles, groups: me.groups, plan: me.plan } }))
      .catch(() => live && setState({ status: 'failed' }));
    return () => {
      live = false;
    };
  }, []);
  return <ViewerContext.Provider value={state}>{children}</ViewerContext.Provider>;
}
