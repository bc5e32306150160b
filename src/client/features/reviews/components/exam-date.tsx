import { Button } from "@client/components/button";
import formStyles from "@client/components/form.module.css";
import { FormAlert } from "@client/components/form-alert";
import { TextField } from "@client/components/text-field";
import { useSchemaForm } from "@client/components/use-schema-form";
import { ApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { examDateInput } from "@shared/schemas/review";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useExamDate, useSaveExamDate } from "../api/exam-date";
import styles from "./progress.module.css";

/** Today on this device, as the date input writes it (YYYY-MM-DD). */
function localToday(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/**
 * The learner's exam date for a course (decision 0049): set, changed or removed; once set, what
 * FSRS expects them to remember on the day as things stand, and what the date does to the queue.
 */
export function ExamDate({ courseId }: { courseId: number }) {
  const { t, i18n } = useTranslation();
  const { data } = useExamDate(courseId);
  const save = useSaveExamDate(courseId);
  const [editing, setEditing] = useState(false);
  if (!data) return null;

  const remove = async () => {
    try {
      await save.mutateAsync(null);
      notify.success(t("exam.removed"));
    } catch {
      notify.error(t("exam.failed"));
    }
  };
  const date = data.examOn
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(
        new Date(`${data.examOn}T00:00:00Z`),
      )
    : null;
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 }).format(
    data.cards > 0 ? data.remembered / data.cards : 0,
  );

  return (
    <section className={styles.exam} aria-labelledby="exam-date">
      <h3 id="exam-date" className={styles.subheading}>
        {t("exam.heading")}
      </h3>
      {date && !editing ? (
        <>
          <p className={styles.detail}>{t("exam.on", { date })}</p>
          <p className={styles.detail}>{t("exam.forecast", { percent, count: data.cards })}</p>
          <p className={styles.note}>{t("exam.note")}</p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t("exam.change")}
            </Button>
            <Button variant="secondary" onClick={remove} disabled={save.isPending}>
              {t("exam.remove")}
            </Button>
          </div>
        </>
      ) : (
        <ExamDateForm
          courseId={courseId}
          current={data.examOn}
          onDone={() => setEditing(false)}
          onCancel={data.examOn ? () => setEditing(false) : undefined}
        />
      )}
    </section>
  );
}

function ExamDateForm({
  courseId,
  current,
  onDone,
  onCancel,
}: {
  courseId: number;
  current: string | null;
  onDone(): void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveExamDate(courseId);
  const { form, formRef, alert, fieldError, showIssues, showText, onSubmit } = useSchemaForm<{ examOn: string }>(
    examDateInput,
    { defaultValues: { examOn: current ?? "" }, isField: (name) => name === "examOn" },
  );
  const submit = onSubmit(async (values) => {
    try {
      await save.mutateAsync(examDateInput.parse(values).examOn);
      notify.success(t("exam.saved"));
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.issues.length) showIssues(failure.issues);
      else showText(t("exam.failed"));
    }
  });
  return (
    <form ref={formRef} className={formStyles.form} onSubmit={submit} noValidate>
      <FormAlert message={alert} />
      <TextField
        label={t("exam.label")}
        hint={t("exam.hint")}
        type="date"
        min={localToday()}
        {...form.register("examOn")}
        error={fieldError("examOn")}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={save.isPending}>
          {t("exam.save")}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t("exam.cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}
