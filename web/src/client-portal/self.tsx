/** The signed-in client as the API knows them (clientMe), loaded once by the frame and shared with the pages. */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { clientMe, type ClientPractice, type ClientSelf } from './api';

export type SelfLoad = { status: 'loading' } | { status: 'ready'; self: ClientSelf } | { status: 'failed' };

interface SelfContextValue {
  load: SelfLoad;
  /** A practice's details as an edit returned them. */
  replacePractice(practice: ClientPractice): void;
}

const SelfContext = createContext<SelfContextValue>({ load: { status: 'loading' }, replacePractice: () => undefined });

export function ClientSelfProvider({ children }: { children: ReactNode }) {
  const [load, setLoad] = useState<SelfLoad>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    clientMe().then(
      (self) => live && setLoad({ status: 'ready', self }),
      () => live && setLoad({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);
  const replacePractice = useCallback((practice: ClientPractice) => {
    setLoad((current) =>
      current.status === 'ready'
        ? { status: 'ready', self: { ...current.self, practices: current.self.practices.map((p) => (p.practiceId === practice.practiceId ? practice : p)) } }
        : current,
    );
  }, []);
  return <SelfContext.Provider value={{ load, replacePractice }}>{children}</SelfContext.Provider>;
}

export const useClientSelf = () => useContext(SelfContext);
