import { fetchJson } from "@client/lib/api";
import type { Language, ThemeChoice } from "@shared/limits";

/**
 * Creates the account; the server mails a confirmation link that ends on /confirm-signup. The
 * language of the page and the colour scheme chosen on this device (if one was) become the
 * account's, so mail arrives in that language and another browser takes both (decision 0035).
 */
export function signUp(input: { email: string; password: string; language: Language; theme?: ThemeChoice }) {
  const email = input.email.trim().toLowerCase();
  return fetchJson("/api/auth/sign-up/email", {
    body: {
      email,
      password: input.password,
      name: email.split("@")[0],
      language: input.language,
      ...(input.theme ? { theme: input.theme } : {}),
      callbackURL: "/confirm-signup",
    },
  });
}
