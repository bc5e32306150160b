/**
 * The authentication dialog (sign in ⇄ sign up, forgot password) and the sign-in prompt that other
 * screens open (follow star, create course). Both are opened through useAuthDialog()
 * (core/session/auth-dialog.ts), whose context this provides. The dialogs themselves
 * (auth-dialog-forms.tsx) are a chunk of their own, loaded when one first opens or when the
 * pointer or focus reaches a button that opens it (preloadAuthDialog).
 */

import { AuthDialogContext, type OpenAuthDialogOptions } from "@client/core/session/auth-dialog";
import { useSession } from "@client/core/session/session";
import { lazyComponent } from "@client/lib/lazy";
import { notify } from "@client/lib/notify";
import { useLanguage } from "@client/lib/use-language";
import { type ReactNode, Suspense, useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

const AuthDialog = lazyComponent(() => import("./auth-dialog-forms").then((m) => m.AuthDialog));
const SignInPrompt = lazyComponent(() => import("./auth-dialog-forms").then((m) => m.SignInPrompt));

/** Starts loading the dialogs' code, for buttons that open them (on pointer enter or focus). */
export function preloadAuthDialog(): void {
  AuthDialog.preload().catch(() => {}); // a failure shows when the dialog is opened
}

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const { refreshAfterAuthChange } = useSession();
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<OpenAuthDialogOptions>({});
  const [prompt, setPrompt] = useState<string | null>(null);

  // Runs here, not in the form: the form is gone once the dialog closes.
  const afterSignIn = async () => {
    notify.success(t("auth.signed_in"));
    setOpen(false);
    await refreshAfterAuthChange();
    if (options.thenGoHome) navigate(`/${language}/home`);
  };

  const openAuthDialog = useCallback((next: OpenAuthDialogOptions = {}) => {
    setPrompt(null);
    setOptions(next);
    setOpen(true);
  }, []);
  const openSignInPrompt = useCallback((message: string) => setPrompt(message), []);
  const api = useMemo(
    () => ({ openAuthDialog, openSignInPrompt, preloadAuthDialog }),
    [openAuthDialog, openSignInPrompt],
  );

  return (
    <AuthDialogContext.Provider value={api}>
      {children}
      <Suspense fallback={null}>
        {/* Remounted on every opening, so closing resets the modes and the messages. */}
        {open && <AuthDialog initialMode={options.mode} onSignedIn={afterSignIn} onClose={() => setOpen(false)} />}
        {prompt !== null && (
          <SignInPrompt message={prompt} onClose={() => setPrompt(null)} onSignIn={() => openAuthDialog()} />
        )}
      </Suspense>
    </AuthDialogContext.Provider>
  );
}
