import type { ReactNode, Ref } from "react";
import styles from "./reveal-card.module.css";

interface RevealCardProps {
  question: string;
  answer: string;
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
 * answer below: the review screen's and Practice's card.
 */
export function RevealCard({ question, answer, shown, onReveal, describedBy, ref, badge }: RevealCardProps) {
  return (
    <button
      type="button"
      ref={ref}
      className={styles.card}
      data-side={shown ? "answer" : "question"}
      onClick={onReveal}
      aria-describedby={describedBy}
    >
      <span className={styles.question}>{question}</span>
      {shown && <span className={styles.answer}>{answer}</span>}
      {badge && <span className={styles.badge}>{badge}</span>}
    </button>
  );
}
