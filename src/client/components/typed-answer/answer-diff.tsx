import { diffChars } from "diff";
import { useTranslation } from "react-i18next";
import styles from "./typed-answer.module.css";

/**
 * The right answer and the learner's, one above the other, with what differs marked: letters
 * missing from the learner's answer in the first, letters that should not be there in the second.
 * jsdiff's character diff (Myers), case ignored as the checker ignores it.
 */
export function AnswerDiff({ expected, given, lang }: { expected: string; given: string; lang?: string }) {
  const { t } = useTranslation();
  const parts = diffChars(expected, given.trim(), { ignoreCase: true });
  return (
    <dl className={styles.diff}>
      <dt>{t("write.correct_answer")}</dt>
      <dd lang={lang} data-testid="expected-answer">
        {parts.map((part, index) =>
          part.added ? null : part.removed ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
            <mark key={index} className={styles.missing}>
              {part.value}
            </mark>
          ) : (
            part.value
          ),
        )}
      </dd>
      <dt>{t("write.your_answer")}</dt>
      <dd lang={lang} data-testid="given-answer">
        {given.trim() === ""
          ? t("write.no_answer")
          : parts.map((part, index) =>
              part.removed ? null : part.added ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
                <mark key={index} className={styles.extra}>
                  {part.value}
                </mark>
              ) : (
                part.value
              ),
            )}
      </dd>
    </dl>
  );
}
