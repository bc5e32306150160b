import { unwrap } from "@client/lib/api";
import { api } from "@client/lib/api-client";
import type { ThemeChoice } from "@shared/limits";

/** Keeps the colour scheme in the account, so another browser takes it at sign-in (decision 0033). */
export function saveTheme(theme: ThemeChoice) {
  return unwrap(api.profile.theme.$put({ json: { theme } }));
}
