/**
 * How any screen asks someone to sign in: useAuthDialog() opens the sign-in ⇄ sign-up dialog, or a
 * prompt that explains why an action needs an account. The dialogs themselves are the accounts
 * feature's (features/accounts/components/auth-dialog.tsx provides this context; the app shell
 * draws it), so a feature that asks for a sign-in does not depend on the accounts feature.
 */
import { createContext, useContext } from "react";

export type AuthMode = "signIn" | "signUp" | "forgot";

export interface OpenAuthDialogOptions {
  mode?: AuthMode;
  /** After signing in, go to the user home instead of staying on the page. */
  thenGoHome?: boolean;
}

export interface AuthDialogApi {
  openAuthDialog(options?: OpenAuthDialogOptions): void;
  /** Explains that the action needs an account, with a way to sign in. */
  openSignInPrompt(message: string): void;
  /** Starts loading the dialogs' code, for buttons that open them (on pointer enter or focus). */
  preloadAuthDialog(): void;
}

export const AuthDialogContext = createContext<AuthDialogApi | null>(null);

export function useAuthDialog(): AuthDialogApi {
  const api = useContext(AuthDialogContext);
  if (!api) throw new Error("useAuthDialog needs an AuthDialogProvider");
  return api;
}
