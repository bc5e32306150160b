import { Button } from "@client/components/button";
import { useTranslation } from "react-i18next";
import styles from "./quiz.module.css";

interface QuizFooterProps {
  submitted: boolean;
  score: number;
  total: number;
  onRestart(): void;
}

/** Submit, then the score "x/total" and Restart (multiple choice and matching). */
export function QuizFooter({ submitted, score, total, onRestart }: QuizFooterProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.footer}>
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
