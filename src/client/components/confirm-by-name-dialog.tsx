import { namesMatch } from "@client/lib/confirm-name";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";
import { Dialog } from "./dialog";
import styles from "./form.module.css";
import { TextField } from "./text-field";

interface ConfirmByNameDialogProps {
  open: boolean;
  onClose(): void;
  title: string;
  /** The name the person must type (spaces around it do not count). */
  name: string;
  mismatchMessage: string;
  confirmLabel: string;
  onConfirm(): Promise<void>;
}

/** A destructive action confirmed by typing the exact name of what goes. */
export function ConfirmByNameDialog({ open, onClose, ...props }: ConfirmByNameDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={props.title}>
      {open && <ConfirmByNameForm {...props} onCancel={onClose} />}
    </Dialog>
  );
}

function ConfirmByNameForm({
  name,
  mismatchMessage,
  confirmLabel,
  onConfirm,
  onCancel,
}: Omit<ConfirmByNameDialogProps, "open" | "onClose" | "title"> & { onCancel(): void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!namesMatch(typed, name)) return setError(mismatchMessage);
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p>{t("confirm_delete.explain", { name })}</p>
      <TextField
        label={t("confirm_delete.type_name")}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        error={error}
        autoComplete="off"
      />
      <div className={styles.actions}>
        <Button type="submit" variant="danger" disabled={busy}>
          {confirmLabel}
        </Button>
        {/* A way out that says so, beside the × in the corner. */}
        <Button variant="secondary" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}
