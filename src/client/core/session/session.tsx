/**
 * Session state in one place. `initialised` turns true once the first check has answered, so
 * nothing flickers between signed-out and signed-in. The session is re-checked every 30 s, on
 * window focus, and when another tab signs in or out. What a session brings with it (the person's
 * stored language and colour scheme) is the accounts feature's (StoredSettings, in the app shell).
 */

import { accountKeys } from "@client/core/cache/keys";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from "react";
import { type SessionUser, sessionQuery } from "./get-session";

interface SessionState {
  user: SessionUser | null;
  initialised: boolean;
  /** Call after signing in or out: re-reads the session and drops every user-specific query. */
  refreshAfterAuthChange(): Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);
const CHANNEL = "flashcards-auth";

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQuery());
  const user = session.data ?? null;

  const refetchEverything = useCallback(async () => {
    // A check already in flight may have started before the change: drop it and ask again.
    await queryClient.cancelQueries({ queryKey: accountKeys.session });
    await queryClient.fetchQuery({ ...sessionQuery(), staleTime: 0 });
    await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== accountKeys.session[0] });
  }, [queryClient]);

  // Tells other tabs of this site to re-read the session after a sign-in or sign-out here.
  const channel = useRef<BroadcastChannel | null>(null);
  useEffect(() => {
    if (!("BroadcastChannel" in window)) return;
    const opened = new BroadcastChannel(CHANNEL);
    opened.onmessage = () => void refetchEverything();
    channel.current = opened;
    return () => {
      channel.current = null;
      opened.close();
    };
  }, [refetchEverything]);

  const refreshAfterAuthChange = useCallback(async () => {
    await refetchEverything();
    channel.current?.postMessage("changed");
  }, [refetchEverything]);

  const value = useMemo(
    () => ({ user, initialised: !session.isPending, refreshAfterAuthChange }),
    [user, session.isPending, refreshAfterAuthChange],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error("useSession needs a SessionProvider");
  return state;
}
