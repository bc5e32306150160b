import { fetchJson } from "@client/lib/api";
import type { Language } from "@shared/limits";

/** Creates the account; the server mails a confirmation link that ends on /confirm-signup. */
export function signUp(input: { email: string; password: string; language: Language }) {
  const email = input.email.trim().toLowerCase();
  return fetchJson("/api/auth/sign-up/email", {
    body: {
      email,
      password: input.password,
      name: email.split("@")[0],
      language: input.language,
      callbackURL: "/confirm-signup",
    },
  });
}
