import { fetchJson } from "@client/lib/api";

export function signIn(input: { email: string; password: string }) {
  return fetchJson("/api/auth/sign-in/email", { body: { email: input.email.trim(), password: input.password } });
}
