import { fetchJson } from "@client/lib/api";

export function signOut() {
  return fetchJson("/api/auth/sign-out", { body: {} });
}
