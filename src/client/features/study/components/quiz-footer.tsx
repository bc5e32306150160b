import { Button } from "@client/components/button";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import styles from "./quiz.module.css";

interface QuizFooterProps {
  submitted: boolean;
  score: number;
  total: number;
  onRestart(): void;
}

/**
 * Submit, then the score "x/total" and Restart (multiple choice and matching). The button pressed
 * is replaced each time, so the focus moves with it instead of falling to the page's body: to
 * Restart once the score is shown, and to the new round's first answer after a restart.
 */
export function QuizFooter({ submitted, score, total, onRestart }: QuizFooterProps) {
  const { t } = useTranslation();
  const footer = useRef<HTMLDivElement>(null);
  const wasSubmitted = useRef(submitted);
  useEffect(() => {
    if (wasSubmitted.current === submitted) return;
    wasSubmitted.current = submitted;
    const element = footer.current;
    if (!element) return;
    const target = submitted
      ? element.querySelector("button")
      : element.closest("form")?.querySelector<HTMLElement>("input[type=radio]:not(:disabled), select:not(:disabled)");
    target?.focus();
  }, [submitted]);
  return (
    <div className={styles.footer} ref={footer}>
      {submitted ? (
        <>
          <p className={styles.score} role="status">
            {t("study.score", { score, total })}
          </p>
          <Button onClick={onRestart}>{t("study.restart")}</Button>
        </>
      ) : (
        <Button type="submit">{t("study.submit")}</Button>
      )}
    </div>
  );
}
