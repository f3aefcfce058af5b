import { createContext, useContext } from 'react';
import type { Outputs } from './trpc.js';

/** Who is signed in, as `session.me` answers. */
export type SessionInfo = Pick<Outputs['session']['me'], 'email' | 'role' | 'sandbox'>;

export const SessionContext = createContext<SessionInfo>({ email: '', role: 'analyst', sandbox: false });

/** Analysts see no mutating control (the server refuses their mutations regardless). */
export function useCanWrite(): boolean {
  return useContext(SessionContext).role !== 'analyst';
}

/** Simulation controls: sandbox workspaces, and not for analysts (the server checks both). */
export function useSandboxWriter(): boolean {
  const s = useContext(SessionContext);
  return s.sandbox && s.role !== 'analyst';
}
