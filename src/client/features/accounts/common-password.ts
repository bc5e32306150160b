/**
 * The same common-password check the server makes (ASVS 5.0 6.2.4), done before submitting so the
 * person hears at once. The list is large, so it is its own chunk, loaded only once a new-password
 * field is used; the server's check is the one that counts.
 */

import { ApiError } from "@client/lib/api";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@shared/limits";

let list: Promise<Set<string>> | undefined;

/** Starts loading the list (once); call when a new-password field gets focus. */
export function preloadCommonPasswords(): Promise<Set<string>> {
  list ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"].map((entry) => entry.toLowerCase())),
  );
  // A failed load (offline) is tried again next time; meanwhile the server decides.
  list.catch(() => {
    list = undefined;
  });
  return list;
}

/**
 * Throws the error the server would give for a common password in `field` (sign-up names it
 * `password`, reset and change `newPassword`). Lengths are left to the server, as it refuses them
 * first; a list that cannot be loaded lets the password through to the server.
 */
export async function refuseCommonPassword(password: string, field: "password" | "newPassword"): Promise<void> {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return;
  const common = await preloadCommonPasswords().catch(() => undefined);
  if (common?.has(password.toLowerCase())) {
    throw new ApiError("invalid_request", "This password is too common.", 400, "PASSWORD_TOO_COMMON", [
      { path: [field], key: "auth.password_too_common" },
    ]);
  }
}
