import { fetchJson } from "../../../lib/api";

/** The server verifies the current password; other sessions stay signed in. */
export function changePassword(input: { currentPassword: string; newPassword: string }) {
  return fetchJson("/api/auth/change-password", { body: input });
}
