import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { contactInput } from "../../../../shared/schemas/contact";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import formStyles from "../../../components/form.module.css";
import { FormAlert } from "../../../components/form-alert";
import { TextAreaField } from "../../../components/text-field";
import { ApiError, api, unwrap } from "../../../lib/api";
import { notify } from "../../../lib/notify";
import { useAuthDialog } from "../../accounts/components/auth-dialog";
import { useSession } from "../../accounts/session";

/** Footer "Contact Us": a message to the team, for signed-in people, one per 30 minutes. */
export function ContactLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { openSignInPrompt } = useAuthDialog();
  const [open, setOpen] = useState(false);

  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => (user ? setOpen(true) : openSignInPrompt(t("contact.sign_in_first")))}
      >
        {t("footer.contact")}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t("contact.title")}>
        {open && <ContactForm onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function ContactForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactInput.safeParse({ message });
    if (!parsed.success) return setError(t(`validation.${parsed.error.issues[0]?.message ?? "invalid"}`));
    setBusy(true);
    setError(null);
    try {
      await unwrap(api.contact.$post({ json: parsed.data }));
      notify.success(t("contact.sent"));
      onDone();
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.code === "rate_limited" ? t("contact.cooldown") : t("contact.failed"),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <FormAlert message={error} />
      <TextAreaField
        label={t("contact.message")}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        rows={6}
      />
      <Button type="submit" disabled={busy}>
        {t("contact.send")}
      </Button>
    </form>
  );
}
