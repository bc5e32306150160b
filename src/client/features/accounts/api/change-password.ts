import { fetchJson } from "@client/lib/api";

/**
 * The server verifies the current password and ends every other session (it does so whatever is
 * sent; asking makes the intent plain). This browser gets a new session cookie.
 */
export function changePassword(input: { currentPassword: string; newPassword: string }) {
  return fetchJson("/api/auth/change-password", { body: { ...input, revokeOtherSessions: true } });
}
