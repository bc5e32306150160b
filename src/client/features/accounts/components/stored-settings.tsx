import { useSession } from "@client/core/session/session";
import { useChangeLanguage } from "@client/lib/use-language";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

/**
 * When a session appears, the person's stored language and colour scheme win over this browser's
 * (decision 0033; api/stored-settings.ts, loaded only then). Drawn by the app shell inside the
 * session provider; draws nothing.
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
          changeLanguage: (language) => latestChangeLanguage.current(language),
          stillSignedIn: () => languageAppliedFor.current === user.id,
        }),
      )
      .catch((error: unknown) => console.error("Loading the stored settings failed", error));
  }, [user, queryClient]);
  return null;
}
