import { todaysReviewCount } from "@shared/schemas/review";
import { useTranslation } from "react-i18next";
import { useReviewSummary } from "../api/get-review-queue";
import styles from "./progress.module.css";

/** A signed-in learner's memory of a deck's cards: studied, learned and due today (decision 0048). */
export function DeckProgress({ deckId, cardCount }: { deckId: number; cardCount: number }) {
  const { t } = useTranslation();
  const { data } = useReviewSummary({ deckId }, true);
  if (!data) return null;
  return (
    <div className={styles.barRow}>
      <progress className={styles.bar} max={cardCount} value={data.studied} aria-labelledby="deck-cards-learned" />
      <span id="deck-cards-learned">
        {t("progress.deck_cards", {
          studied: data.studied,
          learned: data.learned,
          total: cardCount,
          due: todaysReviewCount(data),
        })}
      </span>
    </div>
  );
}
