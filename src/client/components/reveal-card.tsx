import { useCardDisplay } from "@client/lib/card-display";
import type { ReactNode, Ref } from "react";
import { FuriganaText, ListenButton, useReadAloud } from "./card-text";
import styles from "./reveal-card.module.css";

interface RevealCardProps {
  question: string;
  answer: string;
  /** The languages of the card's sides (the course's), for `lang`, listening and reading aloud. */
  questionLanguage?: string | undefined;
  answerLanguage?: string | undefined;
  /** Whether the answer shows (below the question, behind a rule). */
  shown: boolean;
  onReveal(): void;
  /** The id of the hint that says how to show the answer. */
  describedBy: string;
  ref?: Ref<HTMLButtonElement>;
  /** A corner mark ("New card"). */
  badge?: ReactNode;
}

/**
 * A card that shows its question and, once revealed by a press (tap, click, Space or Enter), its
 * answer below: the review screen's and Practice's card. Its Listen buttons sit beside the card's
 * button, in its corner, not inside it (a button holds no other button). With "read questions
 * aloud" on, each question is read as it appears.
 */
export function RevealCard({
  question,
  answer,
  questionLanguage,
  answerLanguage,
  shown,
  onReveal,
  describedBy,
  ref,
  badge,
}: RevealCardProps) {
  const { readings } = useCardDisplay();
  useReadAloud(question, questionLanguage);
  return (
    <div className={styles.frame}>
      <button
        type="button"
        ref={ref}
        className={styles.card}
        data-side={shown ? "answer" : "question"}
        onClick={onReveal}
        aria-describedby={describedBy}
      >
        <span className={styles.question} data-side="question">
          <FuriganaText text={question} lang={questionLanguage} mode={readings} focusable={false} />
        </span>
        {shown && (
          <span className={styles.answer} data-side="answer">
            <FuriganaText text={answer} lang={answerLanguage} mode={readings} focusable={false} />
          </span>
        )}
        {badge && <span className={styles.badge}>{badge}</span>}
      </button>
      <span className={styles.listen}>
        <ListenButton text={question} side="question" lang={questionLanguage} className={styles.listenButton} />
        {shown && <ListenButton text={answer} side="answer" lang={answerLanguage} className={styles.listenButton} />}
      </span>
    </div>
  );
}
