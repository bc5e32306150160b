import { fetchJson } from "@client/lib/api";

/** The server answers the same whether or not the email is known. */
export function requestPasswordReset(email: string) {
  return fetchJson("/api/auth/request-password-reset", {
    body: { email: email.trim(), redirectTo: "/reset-password" },
  });
}
