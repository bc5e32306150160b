import { AlertDialog } from "radix-ui";
import { useTranslation } from "react-i18next";
import { buttonClass } from "./button";
import styles from "./dialog.module.css";
import formStyles from "./form.module.css";

interface DiscardChangesDialogProps {
  open: boolean;
  /** Keep editing: this dialog closes, the form stays as it is (also on Escape). */
  onKeep(): void;
  onDiscard(): void;
}

/**
 * Asked before a form with unsaved changes closes. An alert dialog: the focus starts on "Keep
 * editing" (the safe choice), Escape keeps editing, and only the explicit button discards.
 */
export function DiscardChangesDialog({ open, onKeep, onDiscard }: DiscardChangesDialogProps) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onKeep()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.nestedOverlay} />
        <AlertDialog.Content className={styles.nestedContent}>
          <AlertDialog.Title className={styles.title}>{t("forms.discard_title")}</AlertDialog.Title>
          <AlertDialog.Description className={styles.description}>{t("forms.discard_body")}</AlertDialog.Description>
          <div className={`${formStyles.actions} ${styles.confirmActions}`}>
            <AlertDialog.Cancel className={buttonClass({ variant: "secondary" })}>
              {t("forms.keep_editing")}
            </AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass({ variant: "danger" })} onClick={onDiscard}>
              {t("forms.discard")}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
