import { useAuthDialog } from "@client/core/session/auth-dialog";
import { useSession } from "@client/core/session/session";
import { useEffect } from "react";
import { HomePage } from "./home-page";

/** /{lang}/signin: the user home with the sign-in dialog open (unless already signed in). */
export function SignInPage() {
  const { openAuthDialog } = useAuthDialog();
  const { user, initialised } = useSession();
  useEffect(() => {
    if (initialised && !user) openAuthDialog({ thenGoHome: true });
  }, [initialised, user, openAuthDialog]);
  return <HomePage />;
}
