import { useAuthDialog } from "@client/core/session/auth-dialog";
import { Button } from "./button";
import styles from "./sign-up-invitation.module.css";

/** For visitors on a page that only means something with an account: why, and the way to one. */
export function SignUpInvitation({ text, action }: { text: string; action: string }) {
  const { openAuthDialog } = useAuthDialog();
  return (
    <section className={styles.invitation}>
      <p>{text}</p>
      <Button onClick={() => openAuthDialog({ mode: "signUp" })}>{action}</Button>
    </section>
  );
}
