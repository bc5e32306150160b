/**
 * Session state in one place. `initialised` turns true once the first check has answered, so
 * nothing flickers between signed-out and signed-in. The session is re-checked every 30 s, on
 * window focus, and when another tab signs in or out.
 */

import { accountKeys } from "@client/core/cache/keys";
import { useChangeLanguage } from "@client/lib/use-language";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from "react";
import { type SessionUser, sessionQuery } from "./api/get-session";

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
  const changeLanguage = useChangeLanguage();

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

  // When a session appears, the user's stored language and colour scheme win over this browser's
  // (api/stored-settings.ts, loaded only then).
  const languageAppliedFor = useRef<string | null>(null);
  const latestChangeLanguage = useRef(changeLanguage);
  latestChangeLanguage.current = changeLanguage;
  useEffect(() => {
    if (!user) {
      languageAppliedFor.current = null;
      return;
    }
    if (languageAppliedFor.current === user.id) return;
    languageAppliedFor.current = user.id;
    import("./api/stored-settings")
      .then(({ applyStoredSettings }) =>
        applyStoredSettings({
          queryClient,
          userId: user.id,
          changeLanguage: (language) => latestChangeLanguage.current(language),
          stillSignedIn: () => languageAppliedFor.current === user.id,
        }),
      )
      .catch((error: unknown) => console.error("Loading the stored settings failed", error));
  }, [user, queryClient]);

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
