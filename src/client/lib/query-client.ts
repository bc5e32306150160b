import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";

interface QueryClientOptions {
  /** Called when the server answers 401: the session has ended (signed out elsewhere, expired). */
  onUnauthorized?(): void;
}

export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}) {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) onUnauthorized?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Always try once, even when the browser has said it is offline: a course or deck then comes
        // from its offline copy, and anything else fails at once with the page's failed state and
        // its Try again (decision 0035). The default ("online") would leave a page opened after the
        // connection dropped spinning, its request paused until the connection returns.
        networkMode: "offlineFirst",
        // A 4xx will not change on retry; network blips and 5xx may. Offline, say so at once.
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          !(typeof navigator !== "undefined" && !navigator.onLine),
      },
    },
  });
}
