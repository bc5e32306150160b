/**
 * When a session appears, the person's stored colour scheme wins over this browser's, and their
 * language too where the address named none (decision 0033; #23: a language in the address wins). Only signed-in people need this: a chunk of its own, with the typed API client,
 * loaded by the session provider. Read afresh each time a session appears: another device may have
 * changed them.
 */

import { accountKeys } from "@client/core/cache/keys";
import { chooseTheme, chosenTheme } from "@client/lib/theme";
import type { Language } from "@shared/limits";
import type { QueryClient } from "@tanstack/react-query";
import { profileQuery } from "./get-profile";

export interface StoredSettingsTarget {
  queryClient: QueryClient;
  userId: string;
  /** Applies the stored language: switches the page's, or only remembers it (components/stored-settings.tsx). */
  changeLanguage(language: Language): void;
  /** Whether this person is still the one signed in (a read made later checks first). */
  stillSignedIn(): boolean;
}

export function applyStoredSettings(target: StoredSettingsTarget): void {
  const { queryClient, userId } = target;
  const read = () =>
    queryClient
      .fetchQuery({ ...profileQuery(userId), staleTime: 0 })
      .then((profile) => {
        if (profile.language) target.changeLanguage(profile.language);
        // Stored on this device too, so the next visit's first paint has it (decision 0033).
        if (profile.theme) chooseTheme(profile.theme);
        else adoptChosenTheme(queryClient, userId);
      })
      .catch((error: unknown) => {
        // Offline: this device's settings hold until the connection returns, then they are read.
        if (navigator.onLine) return console.error("Reading the stored settings failed", error);
        const again = () => {
          if (target.stillSignedIn()) void read();
        };
        window.addEventListener("online", again, { once: true });
      });
  void read();
}

/**
 * The account has no colour scheme yet and this device has one chosen (as a visitor, before signing
 * in to an account made without one): the account takes it (decision 0035), as it takes a choice
 * made while signed in. A failure is logged, not shown: the choice still holds on this device.
 */
function adoptChosenTheme(queryClient: QueryClient, userId: string) {
  const chosen = chosenTheme();
  if (!chosen) return;
  import("./save-theme")
    .then(({ saveTheme }) => saveTheme(chosen))
    .then((profile) => queryClient.setQueryData(accountKeys.profile(userId), profile))
    .catch((error: unknown) => console.error("Saving the colour scheme failed", error));
}
