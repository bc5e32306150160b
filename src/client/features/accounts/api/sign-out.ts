import { fetchJson } from "../../../lib/api";

export function signOut() {
  return fetchJson("/api/auth/sign-out", { body: {} });
}
