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
