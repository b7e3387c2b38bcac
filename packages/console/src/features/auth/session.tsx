import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { allows, type Permission } from '@tagwell/schema';
import { ApiError, api, setCsrfToken } from '../../lib/api';
import type { SessionInfo, SessionUser } from '../../lib/types';

interface SessionState {
  user: SessionUser | undefined;
  /** True until the first answer to "who am I". */
  loading: boolean;
  error: Error | null;
  can(permission: Permission): boolean;
  signIn(username: string, password: string): Promise<SessionUser>;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionState | undefined>(undefined);
export const SESSION_KEY = ['session'] as const;

async function whoAmI(): Promise<SessionInfo | null> {
  try {
    const info = await api.get<SessionInfo>('/api/admin/session');
    setCsrfToken(info.csrfToken);
    return info;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setCsrfToken(undefined);
      return null;
    }
    throw error;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const session = useQuery({ queryKey: SESSION_KEY, queryFn: whoAmI, staleTime: 60_000, retry: false });
  const user = session.data?.user;

  const value = useMemo<SessionState>(
    () => ({
      user,
      loading: session.isPending,
      error: session.error,
      can: (permission) => !!user && allows(user, permission),
      async signIn(username, password) {
        const info = await api.post<SessionInfo>('/api/admin/session', { username, password });
        setCsrfToken(info.csrfToken);
        client.setQueryData(SESSION_KEY, info);
        return info.user;
      },
      async signOut() {
        try {
          await api.delete('/api/admin/session');
        } finally {
          setCsrfToken(undefined);
          client.clear();
          client.setQueryData(SESSION_KEY, null);
        }
      },
    }),
    [user, session.isPending, session.error, client],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}
