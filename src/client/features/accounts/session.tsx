/**
 * Session state in one place. `initialised` turns true once the first check has answered, so
 * nothing flickers between signed-out and signed-in. The session is re-checked every 30 s, on
 * window focus, and when another tab signs in or out.
 */

import { chooseTheme, chosenTheme } from "@client/lib/theme";
import { useChangeLanguage } from "@client/lib/use-language";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from "react";
import { type SessionUser, sessionQuery } from "./api/get-session";
import { accountKeys } from "./api/keys";

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

  // When a session appears, the user's stored language and colour scheme win over this browser's.
  const languageAppliedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!user) {
      languageAppliedFor.current = null;
      return;
    }
    if (languageAppliedFor.current === user.id) return;
    languageAppliedFor.current = user.id;
    // Only signed-in people need it: a chunk of its own, with the typed API client. Read afresh
    // each time a session appears: another device may have changed it.
    const read = () =>
      import("./api/get-profile")
        .then(({ profileQuery }) => queryClient.fetchQuery({ ...profileQuery(user.id), staleTime: 0 }))
        .then((profile) => {
          if (profile.language) changeLanguage(profile.language);
          // Stored on this device too, so the next visit's first paint has it (decision 0033).
          if (profile.theme) chooseTheme(profile.theme);
          else adoptChosenTheme(queryClient, user.id);
        })
        .catch((error: unknown) => {
          // Offline: this device's settings hold until the connection returns, then they are read.
          if (navigator.onLine) return console.error("Reading the stored settings failed", error);
          const again = () => {
            if (languageAppliedFor.current === user.id) void read();
          };
          window.addEventListener("online", again, { once: true });
        });
    void read();
  }, [user, changeLanguage, queryClient]);

  const value = useMemo(
    () => ({ user, initialised: !session.isPending, refreshAfterAuthChange }),
    [user, session.isPending, refreshAfterAuthChange],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * The account has no colour scheme yet and this device has one chosen (as a visitor, before signing
 * in to an account made without one): the account takes it (decision 0035), as it takes a choice
 * made while signed in. A failure is logged, not shown: the choice still holds on this device.
 */
function adoptChosenTheme(queryClient: QueryClient, userId: string) {
  const chosen = chosenTheme();
  if (!chosen) return;
  import("./api/save-theme")
    .then(({ saveTheme }) => saveTheme(chosen))
    .then((profile) => queryClient.setQueryData(accountKeys.profile(userId), profile))
    .catch((error: unknown) => console.error("Saving the colour scheme failed", error));
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error("useSession needs a SessionProvider");
  return state;
}
