import { useSession } from "@client/core/session/session";
import { storeLanguage } from "@client/lib/i18n";
import { firstPathSegment, isSupportedLanguage } from "@client/lib/language";
import { useChangeLanguage } from "@client/lib/use-language";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

/**
 * Whether the address this page was opened at had no language (`/`, `/home`, `/reset-password`):
 * only then does the account's stored language choose the page's. A language in the address is what
 * the person asked for and wins (#23); the account's is still remembered on this device, for the
 * next address without one.
 */
const openedWithoutLanguage = !isSupportedLanguage(firstPathSegment(window.location.pathname));

/**
 * When a session appears, the person's stored colour scheme wins over this browser's, and so does
 * their language where the address named none (decision 0033; api/stored-settings.ts, loaded only
 * then). Drawn by the app shell inside the session provider; draws nothing.
 */
export function StoredSettings() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const changeLanguage = useChangeLanguage();
  const languageAppliedFor = useRef<string | null>(null);
  const latestChangeLanguage = useRef(changeLanguage);
  latestChangeLanguage.current = changeLanguage;
  useEffect(() => {
    if (!user) {
      languageAppliedFor.current = null;
      return;
    }
    if (languageAppliedFor.current === user.id) return;
    languageAppliedFor.current = user.id;
    import("../api/stored-settings")
      .then(({ applyStoredSettings }) =>
        applyStoredSettings({
          queryClient,
          userId: user.id,
          changeLanguage: (language) =>
            openedWithoutLanguage ? latestChangeLanguage.current(language) : storeLanguage(language),
          stillSignedIn: () => languageAppliedFor.current === user.id,
        }),
      )
      .catch((error: unknown) => console.error("Loading the stored settings failed", error));
  }, [user, queryClient]);
  return null;
}
