import { fetchJson } from "@client/lib/api";

export function resetPassword(input: { token: string; newPassword: string }) {
  return fetchJson("/api/auth/reset-password", { body: input });
}
