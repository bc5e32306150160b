import headerStyles from "@client/components/header-menu.module.css";
import { useNeedsConnection } from "@client/components/needs-connection";
import { useAuthDialog } from "@client/core/session/auth-dialog";
import { useSession } from "@client/core/session/session";
import { notify } from "@client/lib/notify";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { CourseFormDialog } from "../owner-dialogs";

/** Header button: the create-course dialog, or for visitors the reason and the sign-in dialog. */
export function CreateCourseButton() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { openAuthDialog, preloadAuthDialog } = useAuthDialog();
  const [open, setOpen] = useState(false);
  const write = useNeedsConnection({ hiddenReason: true });

  const onClick = () => {
    if (user) return setOpen(true);
    notify.error(t("course_form.login_to_create"));
    openAuthDialog();
  };

  // The form's code (and its validation) loads only for someone who may use it.
  const preload = () => (user ? void CourseFormDialog.preload().catch(() => {}) : preloadAuthDialog());

  return (
    <>
      <button
        type="button"
        className={`${headerStyles.menuButton} ${headerStyles.createButton}`}
        onClick={onClick}
        onPointerEnter={preload}
        onFocus={preload}
        {...(user ? write.control : {})}
      >
        <span aria-hidden="true">＋</span>
        <span className="visually-hidden-on-phone">{t("course_form.create_button")}</span>
      </button>
      {user && write.reason}
      {open && (
        <Suspense fallback={null}>
          <CourseFormDialog open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
