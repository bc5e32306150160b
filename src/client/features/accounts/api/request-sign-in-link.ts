import { fetchJson } from "@client/lib/api";

/**
 * Asks for a sign-in link by mail, the way in during a sign-in lockout (decision 0041). The server
 * answers the same whether or not the email is known; the link it mails ends on /sign-in-link.
 */
export function requestSignInLink(email: string) {
  return fetchJson("/api/auth/sign-in/magic-link", { body: { email: email.trim() } });
}
