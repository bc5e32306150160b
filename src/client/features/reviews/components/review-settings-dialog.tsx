import { Button } from "@client/components/button";
import { Dialog } from "@client/components/dialog";
import formStyles from "@client/components/form.module.css";
import { FormAlert, useFormErrors } from "@client/components/form-alert";
import { Loading } from "@client/components/loading";
import { Field, TextField } from "@client/components/text-field";
import { ApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { issuesFromZod } from "@shared/errors";
import { MAX_DESIRED_RETENTION, MIN_DESIRED_RETENTION } from "@shared/memory/limits";
import { type ReviewSettings, reviewSettingsInput } from "@shared/schemas/review";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useReviewSettings, useSaveReviewSettings } from "../api/review-settings";

/** The browser's time zone, offered when the learner has not chosen one (the server starts from UTC). */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function ReviewSettingsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { data } = useReviewSettings();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={t("review_settings.title")}>
      {data ? <SettingsForm saved={data} onDone={onClose} /> : <Loading />}
    </Dialog>
  );
}

function SettingsForm({ saved, onDone }: { saved: ReviewSettings; onDone(): void }) {
  const { t } = useTranslation();
  const errors = useFormErrors();
  const save = useSaveReviewSettings();
  const [retention, setRetention] = useState(Math.round(saved.desiredRetention * 100));
  const [newCards, setNewCards] = useState(String(saved.newCardsPerDay));
  const [reviews, setReviews] = useState(String(saved.reviewsPerDay));
  const [timeZone, setTimeZone] = useState(saved.timeZone === "UTC" ? browserTimeZone() : saved.timeZone);
  const zones = Intl.supportedValuesOf("timeZone");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewSettingsInput.safeParse({
      desiredRetention: retention / 100,
      newCardsPerDay: newCards.trim() === "" ? Number.NaN : Number(newCards),
      reviewsPerDay: reviews.trim() === "" ? Number.NaN : Number(reviews),
      timeZone,
    });
    if (!parsed.success) return errors.showIssues(issuesFromZod(parsed.error.issues));
    errors.showText(null);
    try {
      await save.mutateAsync(parsed.data);
      notify.success(t("review_settings.saved"));
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.issues.length) errors.showIssues(failure.issues);
      else errors.showText(t("review_settings.failed"));
    }
  };

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <FormAlert message={errors.alert} />
      <Field
        label={t("review_settings.retention", { percent: retention })}
        hint={t("review_settings.retention_hint")}
        error={errors.fieldError("desiredRetention")}
      >
        {(control) => (
          <input
            {...control}
            type="range"
            min={MIN_DESIRED_RETENTION * 100}
            max={MAX_DESIRED_RETENTION * 100}
            step={1}
            value={retention}
            aria-valuetext={`${retention}%`}
            onChange={(e) => setRetention(Number(e.target.value))}
          />
        )}
      </Field>
      <TextField
        label={t("review_settings.new_cards")}
        type="number"
        inputMode="numeric"
        min={0}
        value={newCards}
        onChange={(e) => setNewCards(e.target.value)}
        error={errors.fieldError("newCardsPerDay")}
      />
      <TextField
        label={t("review_settings.reviews")}
        type="number"
        inputMode="numeric"
        min={0}
        value={reviews}
        onChange={(e) => setReviews(e.target.value)}
        error={errors.fieldError("reviewsPerDay")}
      />
      <Field
        label={t("review_settings.time_zone")}
        hint={t("review_settings.time_zone_hint")}
        error={errors.fieldError("timeZone")}
      >
        {(control) => (
          <select
            {...control}
            className={formStyles.input}
            value={timeZone}
            onChange={(e) => setTimeZone(e.target.value)}
          >
            {(zones.includes(timeZone) ? zones : [timeZone, ...zones]).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button type="submit" disabled={save.isPending}>
        {t("review_settings.save")}
      </Button>
    </form>
  );
}
