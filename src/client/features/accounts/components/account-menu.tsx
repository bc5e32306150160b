import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import headerStyles from "../../../app/header.module.css";
import { PersonIcon } from "../../../components/icons";
import { notify } from "../../../lib/notify";
import { signOut } from "../api/sign-out";
import { useSession } from "../session";
import styles from "./account-menu.module.css";
import { useAuthDialog } from "./auth-dialog";
import { ChangePasswordDialog } from "./change-password-dialog";

/** "Sign in / Sign up" for visitors; the email with Change Password and Sign Out when signed in. */
export function AccountMenu() {
  const { t } = useTranslation();
  const { user, initialised, refreshAfterAuthChange } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const [changingPassword, setChangingPassword] = useState(false);

  // Until the first session check answers, hold the place without guessing either state.
  if (!initialised) return <span className={styles.placeholder} aria-hidden="true" />;

  if (!user) {
    return (
      <button type="button" className={headerStyles.menuButton} onClick={() => openAuthDialog()}>
        <PersonIcon />
        <span className={headerStyles.collapsibleText}>{t("auth.sign_in_sign_up")}</span>
      </button>
    );
  }

  const doSignOut = async () => {
    try {
      await signOut();
    } catch (error) {
      console.error("Sign-out failed", error); // the spec only logs it; the session check below tells the truth
    }
    await refreshAfterAuthChange();
    notify.success(t("auth.signed_out"));
  };

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className={headerStyles.menuButton}
          aria-label={t("auth.account_menu", { email: user.email })}
        >
          {/* The initial is drawn by CSS so the button's visible text is exactly its email. */}
          <span className={styles.avatar} data-initial={user.email.slice(0, 1).toUpperCase()} aria-hidden="true" />
          <span className={styles.email}>{user.email}</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={headerStyles.menu} align="end" sideOffset={6}>
            <DropdownMenu.Label className={headerStyles.menuLabel}>
              {t("auth.signed_in_as", { email: user.email })}
            </DropdownMenu.Label>
            <DropdownMenu.Item className={headerStyles.menuItem} onSelect={() => setChangingPassword(true)}>
              {t("auth.change_password")}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={headerStyles.menuItem} onSelect={() => void doSignOut()}>
              {t("auth.sign_out")}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
