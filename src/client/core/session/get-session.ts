import { accountKeys } from "@client/core/cache/keys";
import { ApiError, fetchJson } from "@client/lib/api";
import { SESSION_CHECK_INTERVAL_MS } from "@shared/limits";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { lastSession, rememberSession } from "./last-session";

export interface SessionUser {
  id: string;
  email: string;
}

interface SessionReply {
  user: SessionUser;
}

/** The signed-in user or null; re-checked every 30 s and when the window regains focus. */
export const sessionQuery = () =>
  queryOptions({
    queryKey: accountKeys.session,
    queryFn: async () => {
      let reply: SessionReply | null;
      try {
        reply = await fetchJson<SessionReply | null>("/api/auth/get-session");
      } catch (error) {
        // Offline: whoever was signed in last keeps studying as themselves (decision 0025).
        if (error instanceof ApiError && error.code === "network") return lastSession();
        throw error;
      }
      const user = reply ? { id: reply.user.id, email: reply.user.email } : null;
      rememberSession(user);
      return user;
    },
    staleTime: SESSION_CHECK_INTERVAL_MS,
    refetchInterval: SESSION_CHECK_INTERVAL_MS,
    refetchOnWindowFocus: "always",
  });

/**
 * `enabled` for a query only a signed-in person may make. Read from the cache each time TanStack
 * asks, so the refetch that follows a sign-out skips it before the screens re-render (a 401 in the
 * console otherwise: issue #14 item 14).
 */
export const whileSignedIn = (queryClient: QueryClient, enabled: boolean) => () =>
  enabled && queryClient.getQueryData<SessionUser | null>(accountKeys.session) != null;
