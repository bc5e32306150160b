/** The footer's contact dialog (contact-link.tsx), loaded on first use. */

import { Button } from "@client/components/button";
import { Dialog } from "@client/components/dialog";
import formStyles from "@client/components/form.module.css";
import { FormAlert, useFormErrors } from "@client/components/form-alert";
import { TextAreaField } from "@client/components/text-field";
import { ApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { issuesFromZod } from "@shared/errors";
import { contactInput } from "@shared/schemas/contact";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSendMessage } from "../api/send-message";

export function ContactDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title={t("contact.title")}>
      <ContactForm onDone={onClose} />
    </Dialog>
  );
}

function ContactForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState("");
  const errors = useFormErrors();
  const send = useSendMessage();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactInput.safeParse({ message });
    if (!parsed.success) return errors.showIssues(issuesFromZod(parsed.error.issues));
    errors.showText(null);
    try {
      await send.mutateAsync(parsed.data);
      notify.success(t("contact.sent"));
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.issues.length) errors.showIssues(failure.issues);
      else if (failure instanceof ApiError && failure.code === "rate_limited") errors.showText(t("contact.cooldown"));
      else errors.showText(t("contact.failed"));
    }
  };

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <FormAlert message={errors.alert} />
      <TextAreaField
        label={t("contact.message")}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={errors.fieldError("message")}
        rows={6}
      />
      <Button type="submit" disabled={send.isPending}>
        {t("contact.send")}
      </Button>
    </form>
  );
}
