import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
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

/** Reads `me` again (after a plan change): the menu, the top bar and the route gate follow at once. */
const RefreshContext = createContext<() => Promise<void>>(async () => undefined);

export function useRefreshViewer(): () => Promise<void> {
  return useContext(RefreshContext);
}

export function ViewerProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ViewerState>({ status: 'loading' });
  const live = useRef(true);
  const refresh = useCallback(async () => {
    try {
      const me = await fetchMe();
      if (live.current) setState({ status: 'ready', me, viewer: { roles: me.roles, groups: me.groups, plan: me.plan } });
    } catch {
      // A failed refresh keeps what is shown; only a failed first read is a failure.
      if (live.current) setState((current) => (current.status === 'ready' ? current : { status: 'failed' }));
    }
  }, []);
  useEffect(() => {
    live.current = true;
    void refresh();
    return () => {
      live.current = false;
    };
  }, [refresh]);
  return (
    <RefreshContext.Provider value={refresh}>
      <ViewerContext.Provider value={state}>{children}</ViewerContext.Provider>
    </RefreshContext.Provider>
  );
}
