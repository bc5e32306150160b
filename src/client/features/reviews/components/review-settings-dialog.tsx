import { Button } from "@client/components/button";
import { Dialog } from "@client/components/dialog";
import formStyles from "@client/components/form.module.css";
import { FormAlert } from "@client/components/form-alert";
import { Loading } from "@client/components/loading";
import { Field, TextField } from "@client/components/text-field";
import { useSchemaForm } from "@client/components/use-schema-form";
import { ApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { MAX_DESIRED_RETENTION, MIN_DESIRED_RETENTION } from "@shared/memory/limits";
import { type ReviewSettings, reviewSettingsInput } from "@shared/schemas/review";
import { type CSSProperties, useMemo, useState } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useReviewSettings, useSaveReviewSettings } from "../api/review-settings";
import { filterTimeZones, type TimeZoneOption, timeZoneOptions } from "../lib/time-zones";
import sliderStyles from "./retention-slider.module.css";

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

let browserZones: TimeZoneOption[] | undefined;

/** The browser's ~400 zones with their offsets: ~0.1 s of formatters, so made once a page. */
function browserZoneOptions(): TimeZoneOption[] {
  browserZones ??= timeZoneOptions(Intl.supportedValuesOf("timeZone"), new Date());
  return browserZones;
}

const SETTINGS_FIELDS = new Set(["desiredRetention", "newCardsPerDay", "reviewsPerDay", "timeZone"]);

function SettingsForm({ saved, onDone }: { saved: ReviewSettings; onDone(): void }) {
  const { t } = useTranslation();
  const save = useSaveReviewSettings();
  const { form, formRef, alert, fieldError, showIssues, showText, onSubmit } = useSchemaForm<ReviewSettings>(
    reviewSettingsInput,
    {
      defaultValues: { ...saved, timeZone: saved.timeZone === "UTC" ? browserTimeZone() : saved.timeZone },
      isField: (name) => SETTINGS_FIELDS.has(name),
    },
  );
  const timeZone = form.watch("timeZone");
  const allZones = useMemo(() => {
    const zones = browserZoneOptions();
    return zones.some((option) => option.zone === saved.timeZone)
      ? zones
      : [...timeZoneOptions([saved.timeZone], new Date()), ...zones];
  }, [saved.timeZone]);
  const [zoneQuery, setZoneQuery] = useState("");
  const { shown: zones, matches } = filterTimeZones(allZones, zoneQuery, timeZone);
  // A number field left empty is NaN, which the schema refuses with its own text.
  const count = { valueAsNumber: true } as const;

  const submit = onSubmit(async (values) => {
    try {
      await save.mutateAsync(reviewSettingsInput.parse(values));
      notify.success(t("review_settings.saved"));
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.issues.length) showIssues(failure.issues);
      else showText(t("review_settings.failed"));
    }
  });

  return (
    <form ref={formRef} className={formStyles.form} onSubmit={submit} noValidate>
      <FormAlert message={alert} />
      <Controller
        control={form.control}
        name="desiredRetention"
        render={({ field }) => {
          const percent = Math.round(field.value * 100);
          return (
            <Field
              label={t("review_settings.retention", { percent })}
              hint={t("review_settings.retention_hint")}
              error={fieldError("desiredRetention")}
            >
              {(control) => (
                <input
                  {...control}
                  ref={field.ref}
                  name={field.name}
                  type="range"
                  className={sliderStyles.range}
                  style={{ "--fill": `${fill(percent)}%` } as CSSProperties}
                  min={MIN_DESIRED_RETENTION * 100}
                  max={MAX_DESIRED_RETENTION * 100}
                  step={1}
                  value={percent}
                  aria-valuetext={`${percent}%`}
                  onChange={(e) => field.onChange(Number(e.target.value) / 100)}
                  onBlur={field.onBlur}
                />
              )}
            </Field>
          );
        }}
      />
      <TextField
        label={t("review_settings.new_cards")}
        type="number"
        inputMode="numeric"
        min={0}
        {...form.register("newCardsPerDay", count)}
        error={fieldError("newCardsPerDay")}
      />
      <TextField
        label={t("review_settings.reviews")}
        type="number"
        inputMode="numeric"
        min={0}
        {...form.register("reviewsPerDay", count)}
        error={fieldError("reviewsPerDay")}
      />
      <TextField
        label={t("review_settings.time_zone_search")}
        type="search"
        value={zoneQuery}
        onChange={(event) => setZoneQuery(event.target.value)}
        hint={t("review_settings.time_zone_matches", { count: matches })}
        autoComplete="off"
      />
      <Field
        label={t("review_settings.time_zone")}
        hint={t("review_settings.time_zone_hint")}
        error={fieldError("timeZone")}
      >
        {(control) => (
          <select {...control} className={formStyles.input} {...form.register("timeZone")}>
            {zones.map((option) => (
              <option key={option.zone} value={option.zone}>
                {option.label}
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

/** How far along its track the retention slider's thumb is, in percent (the filled part). */
function fill(percent: number): number {
  const min = MIN_DESIRED_RETENTION * 100;
  const max = MAX_DESIRED_RETENTION * 100;
  return ((percent - min) / (max - min)) * 100;
}
