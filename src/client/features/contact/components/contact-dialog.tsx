/** The footer's contact dialog (contact-link.tsx), loaded on first use. */

import { Button } from "@client/components/button";
import { Dialog } from "@client/components/dialog";
import formStyles from "@client/components/form.module.css";
import { FormAlert } from "@client/components/form-alert";
import { TextAreaField } from "@client/components/text-field";
import { useSchemaForm } from "@client/components/use-schema-form";
import { ApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { contactInput } from "@shared/schemas/contact";
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

const CONTACT_FIELDS = new Set(["message"]);

function ContactForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const send = useSendMessage();
  const { form, formRef, alert, fieldError, showIssues, showText, onSubmit } = useSchemaForm<{ message: string }>(
    contactInput,
    { defaultValues: { message: "" }, isField: (name) => CONTACT_FIELDS.has(name) },
  );

  const submit = onSubmit(async (values) => {
    try {
      await send.mutateAsync(contactInput.parse(values));
      notify.success(t("contact.sent"));
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.issues.length) showIssues(failure.issues);
      else if (failure instanceof ApiError && failure.code === "rate_limited") showText(t("contact.cooldown"));
      else showText(t("contact.failed"));
    }
  });

  return (
    <form ref={formRef} className={formStyles.form} onSubmit={submit} noValidate>
      <FormAlert message={alert} />
      <TextAreaField
        label={t("contact.message")}
        {...form.register("message")}
        error={fieldError("message")}
        rows={6}
      />
      <Button type="submit" disabled={send.isPending}>
        {t("contact.send")}
      </Button>
    </form>
  );
}
