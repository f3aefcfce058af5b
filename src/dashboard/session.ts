import { createContext, useContext } from 'react';

export interface SessionInfo {
  email: string;
  role: 'admin' | 'analyst' | 'api';
  sandbox: boolean;
}

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
