import { Button } from "@client/components/button";
import { Dialog } from "@client/components/dialog";
import styles from "@client/components/form.module.css";
import { FormAlert } from "@client/components/form-alert";
import { Loading } from "@client/components/loading";
import { TextField } from "@client/components/text-field";
import { accountKeys } from "@client/core/cache/keys";
import { refresh } from "@client/core/cache/refresh";
import { notify } from "@client/lib/notify";
import { displayNameBody, type DisplayNameForm as FormValues, type Profile } from "@shared/schemas/profile";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { profileQuery } from "../api/get-profile";
import { saveDisplayName } from "../api/save-display-name";
import { useAccountForm } from "../use-account-submit";

/** The name shown on the person's course cards (decision 0033), set or removed from the account menu. */
export function DisplayNameDialog({ userId, open, onClose }: { userId: string; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const profile = useQuery(profileQuery(userId));
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={t("profile.dialog_title")}>
      {profile.data ? (
        <DisplayNameForm userId={userId} current={profile.data.displayName} onDone={onClose} />
      ) : profile.isError ? (
        <FormAlert message={t("errors.internal")} />
      ) : (
        <Loading />
      )}
    </Dialog>
  );
}

function DisplayNameForm({ userId, current, onDone }: { userId: string; current: string | null; onDone(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, formRef, alert, fieldError, busy, submit } = useAccountForm<FormValues>(
    displayNameBody,
    { displayName: current ?? "" },
    "profile.save_failed",
  );
  const onSubmit = submit(async ({ displayName }) => {
    // The server trims and turns an empty name into none, as the schema does here.
    const saved: Profile = await saveDisplayName(displayName);
    queryClient.setQueryData(accountKeys.profile(userId), saved);
    // Every list of cards may show the person's courses.
    void refresh.lists(queryClient);
    notify.success(t(saved.displayName ? "profile.saved" : "profile.cleared"));
    onDone();
  });

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
      <FormAlert message={alert} />
      <TextField
        label={t("profile.display_name_label")}
        hint={t("profile.display_name_hint")}
        autoComplete="nickname"
        {...form.register("displayName")}
        error={fieldError("displayName")}
      />
      <Button type="submit" block disabled={busy}>
        {busy ? t("profile.saving") : t("profile.save")}
      </Button>
    </form>
  );
}
