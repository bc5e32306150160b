import { DeferredMenu } from "@client/components/deferred-menu";
import headerStyles from "@client/components/header-menu.module.css";
import { PersonIcon } from "@client/components/icons";
import { useAuthDialog } from "@client/core/session/auth-dialog";
import { useSession } from "@client/core/session/session";
import { lazyComponent } from "@client/lib/lazy";
import { notify } from "@client/lib/notify";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { signOut } from "../api/sign-out";
import styles from "./account-menu.module.css";
import { preloadAuthDialog } from "./auth-dialog";

const AccountMenuContent = lazyComponent(() => import("./account-menu-content").then((m) => m.AccountMenuContent));
const ChangePasswordDialog = lazyComponent(() =>
  import("./change-password-dialog").then((m) => m.ChangePasswordDialog),
);
const DisplayNameDialog = lazyComponent(() => import("./display-name-dialog").then((m) => m.DisplayNameDialog));
const CardDisplayDialog = lazyComponent(() =>
  import("@client/components/card-display-dialog").then((m) => m.CardDisplayDialog),
);

/** "Sign in / Sign up" for visitors; the email with Display name, Change Password and Sign Out when signed in. */
export function AccountMenu() {
  const { t } = useTranslation();
  const { user, initialised, refreshAfterAuthChange } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const [changingPassword, setChangingPassword] = useState(false);
  const [namingSelf, setNamingSelf] = useState(false);
  const [choosingDisplay, setChoosingDisplay] = useState(false);

  // Until the first session check answers, hold the place without guessing either state.
  if (!initialised) return <span className={styles.placeholder} aria-hidden="true" />;

  if (!user) {
    return (
      <button
        type="button"
        className={headerStyles.menuButton}
        onClick={() => openAuthDialog()}
        onPointerEnter={preloadAuthDialog}
        onFocus={preloadAuthDialog}
      >
        <PersonIcon />
        <span className="visually-hidden-on-phone">{t("auth.sign_in_sign_up")}</span>
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

  const trigger = {
    className: headerStyles.menuButton,
    "aria-label": t("auth.account_menu", { email: user.email }),
    children: (
      <>
        {/* The initial is drawn by CSS so the button's visible text is exactly its email. */}
        <span className={styles.avatar} data-initial={user.email.slice(0, 1).toUpperCase()} aria-hidden="true" />
        <span className={styles.email}>{user.email}</span>
      </>
    ),
  };

  return (
    <>
      <DeferredMenu
        trigger={trigger}
        preload={AccountMenuContent.preload}
        renderMenu={(state) => (
          <AccountMenuContent
            {...state}
            trigger={trigger}
            email={user.email}
            onDisplayName={() => setNamingSelf(true)}
            onCardDisplay={() => setChoosingDisplay(true)}
            onChangePassword={() => setChangingPassword(true)}
            onSignOut={() => void doSignOut()}
          />
        )}
      />
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
      {choosingDisplay && (
        <Suspense fallback={null}>
          <CardDisplayDialog open onClose={() => setChoosingDisplay(false)} />
        </Suspense>
      )}
      {namingSelf && (
        <Suspense fallback={null}>
          <DisplayNameDialog userId={user.id} open onClose={() => setNamingSelf(false)} />
        </Suspense>
      )}
    </>
  );
}
