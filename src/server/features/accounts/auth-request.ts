/**
 * What our route knows about an auth request and Better Auth's hooks need: the client address
 * (only Hono sees the socket and knows whether to trust X-Forwarded-For) and, for a sign-in, which
 * attempt counters the before-hook charged so the after-hook can settle them. Carried through the
 * library's call with AsyncLocalStorage, one store per request.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface AuthRequest {
  address: string;
  /** Path under /api/auth, e.g. "/sign-in/email". */
  path: string;
  /** Counter keys charged for this sign-in attempt, before its outcome is known. */
  signInCharges?: string[];
}

const storage = new AsyncLocalStorage<AuthRequest>();

export function runAuthRequest<T>(request: AuthRequest, fn: () => T): T {
  return storage.run(request, fn);
}

/** The current request's facts; undefined for calls that did not come through our route. */
export function currentAuthRequest(): AuthRequest | undefined {
  return storage.getStore();
}
