import { Button } from "@client/components/button";
import { reviewKeys } from "@client/core/cache/keys";
import { ApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { useLanguage } from "@client/lib/use-language";
import type { MemoryModelStatus, ModelFitFigures } from "@shared/schemas/memory-model";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useMemoryModel, useOptimiseMemoryModel, useSetMemoryModel } from "../api/memory-model";
import own from "./memory-model.module.css";
import styles from "./stats.module.css";

/**
 * Statistics' "Your memory model" (decision 0046): where the learner's own FSRS model stands, how
 * well it and the default predict their answers, the switch that turns it off, and "Optimise now".
 */
export function MemoryModelSection() {
  const { t } = useTranslation();
  const id = useId();
  const { data, isPending, error } = useMemoryModel();
  useRefreshAfterFit(data);

  return (
    <section className={`${styles.section} ${own.model}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {t("memory_model.title")}
      </h2>
      <p className={styles.summary}>{t("memory_model.intro")}</p>
      {isPending ? (
        <p className={own.line}>{t("memory_model.loading")}</p>
      ) : error || !data ? (
        <p className={own.line} role="alert">
          {t("memory_model.load_failed")}
        </p>
      ) : (
        <ModelStatus status={data} />
      )}
    </section>
  );
}

/** When a fit that was waiting or running ends, the queue's intervals may have changed: refresh them. */
function useRefreshAfterFit(status: MemoryModelStatus | undefined) {
  const queryClient = useQueryClient();
  const wasFitting = useRef(false);
  const fitting = status?.state === "queued" || status?.state === "running";
  useEffect(() => {
    if (wasFitting.current && !fitting) {
      void queryClient.invalidateQueries({
        queryKey: reviewKeys.all,
        predicate: (q) => q.queryKey[1] !== "memory-model",
      });
    }
    wasFitting.current = fitting;
  }, [fitting, queryClient]);
}

function useFormats() {
  const language = useLanguage();
  return useMemo(() => {
    const number = new Intl.NumberFormat(language);
    const percent = new Intl.NumberFormat(language, {
      style: "percent",
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    const loss = new Intl.NumberFormat(language, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
    const when = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
    return {
      number: (value: number) => number.format(value),
      percent: (value: number) => percent.format(value),
      loss: (value: number) => loss.format(value),
      when: (iso: string) => when.format(new Date(iso)),
    };
  }, [language]);
}

function ModelStatus({ status }: { status: MemoryModelStatus }) {
  const { t } = useTranslation();
  const f = useFormats();
  const enough = status.answers >= status.minAnswers;
  const fitting = status.state === "queued" || status.state === "running";

  return (
    <>
      <p className={own.line} aria-live="polite">
        {status.state === "collecting" && t("memory_model.collecting", { min: f.number(status.minAnswers) })}
        {status.state === "ready" && t("memory_model.ready")}
        {status.state === "queued" && t("memory_model.queued")}
        {status.state === "running" && t("memory_model.running")}
        {status.state === "failed" &&
          (status.inUse ? t("memory_model.failed_kept") : t("memory_model.failed_defaults"))}
        {status.state === "done" && <InUse status={status} />}
      </p>
      {!enough && (
        <div className={own.progress}>
          <progress value={status.answers} max={status.minAnswers} aria-label={t("memory_model.progress_label")} />
          <span>
            {t("memory_model.progress", { answers: f.number(status.answers), min: f.number(status.minAnswers) })}
          </span>
        </div>
      )}
      {status.fit && (
        <FitTable
          fit={status.fit}
          formatted={(figures) => [f.percent(figures.rmse), f.loss(figures.logLoss)]}
          footer={t("memory_model.fitted_on", {
            date: f.when(status.fit.optimisedAt),
            answers: f.number(status.fit.answersUsed),
          })}
        />
      )}
      {status.fit && <ModelSwitch status={status} />}
      <OptimiseNow status={status} enough={enough} fitting={fitting} when={f.when} />
    </>
  );
}

function InUse({ status }: { status: MemoryModelStatus }) {
  const { t } = useTranslation();
  if (status.inUse) return t("memory_model.in_use");
  if (status.fit && !status.fit.better) return t("memory_model.defaults_better");
  return t("memory_model.turned_off");
}

function FitTable({
  fit,
  formatted,
  footer,
}: {
  fit: NonNullable<MemoryModelStatus["fit"]>;
  formatted: (figures: ModelFitFigures) => [string, string];
  footer: string;
}) {
  const { t } = useTranslation();
  const [defaultRmse, defaultLoss] = formatted(fit.defaults);
  const [personalRmse, personalLoss] = formatted(fit.personal);
  return (
    <div className={styles.tableBox}>
      <table className={`${styles.table} ${own.table}`}>
        <caption>{t("memory_model.table_caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("memory_model.col_measure")}</th>
            <th scope="col">{t("memory_model.col_default")}</th>
            <th scope="col">{t("memory_model.col_yours")}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t("memory_model.row_rmse")}</th>
            <td>{defaultRmse}</td>
            <td>{personalRmse}</td>
          </tr>
          <tr>
            <th scope="row">{t("memory_model.row_log_loss")}</th>
            <td>{defaultLoss}</td>
            <td>{personalLoss}</td>
          </tr>
        </tbody>
      </table>
      <p className={own.hint}>{footer}</p>
    </div>
  );
}

function ModelSwitch({ status }: { status: MemoryModelStatus }) {
  const { t } = useTranslation();
  const hintId = useId();
  const save = useSetMemoryModel();
  const checked = save.isPending ? (save.variables ?? status.enabled) : status.enabled;
  return (
    <div className={own.switch}>
      <label className={own.switchLabel}>
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          aria-checked={checked}
          aria-describedby={hintId}
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate(event.target.checked, {
              onSuccess: (saved) =>
                notify.success(saved.enabled ? t("memory_model.switched_on") : t("memory_model.switched_off")),
              onError: (failure) => notify.error(errorText(failure, t)),
            })
          }
        />
        {t("memory_model.switch")}
      </label>
      <p id={hintId} className={own.hint}>
        {t("memory_model.switch_hint")}
      </p>
    </div>
  );
}

function OptimiseNow({
  status,
  enough,
  fitting,
  when,
}: {
  status: MemoryModelStatus;
  enough: boolean;
  fitting: boolean;
  when: (iso: string) => string;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const optimise = useOptimiseMemoryModel();
  const hint = !enough
    ? t("memory_model.optimise_needs", { min: status.minAnswers })
    : status.nextRequestAt
      ? t("memory_model.optimise_again_at", { time: when(status.nextRequestAt) })
      : t("memory_model.optimise_hint");
  return (
    <div className={own.actions}>
      <Button
        variant="secondary"
        aria-describedby={hintId}
        disabled={!enough || fitting || status.nextRequestAt !== null || optimise.isPending}
        onClick={() =>
          optimise.mutate(undefined, {
            onError: (failure) => notify.error(errorText(failure, t)),
          })
        }
      >
        {optimise.isPending || fitting ? t("memory_model.optimising") : t("memory_model.optimise")}
      </Button>
      <p id={hintId} className={own.hint}>
        {hint}
      </p>
    </div>
  );
}

function errorText(failure: unknown, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (failure instanceof ApiError) {
    if (failure.reason === "optimise_once_an_hour") return t("memory_model.too_soon");
    if (failure.reason === "not_enough_answers") return t("memory_model.not_enough");
    return t(`errors.${failure.code}`);
  }
  return t("errors.internal");
}
