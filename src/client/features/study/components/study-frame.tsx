import { CardDisplayButton } from "@client/components/card-display-button";
import { Link } from "@client/components/link";
import { LoadFailed } from "@client/components/load-failed";
import { Loading } from "@client/components/loading";
import { Page } from "@client/components/page";
import { useDeck } from "@client/features/decks/api/get-deck";
import { ApiError } from "@client/lib/api";
import { useLocalePath } from "@client/lib/use-language";
import type { DeckDetail } from "@shared/schemas/deck";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import styles from "./study.module.css";

interface StudyFrameProps {
  /** The mode's name, shown above the deck's. */
  mode: string;
  /** Where the back link goes: the study hub, or the deck for the hub itself. */
  backTo?: "deck" | "study";
  /**
   * A "Card display" button (readings, reading aloud) under the mode, as under review's card: in the
   * modes that show cards (not the hub; practice has its own under its card).
   */
  cardDisplay?: boolean;
  children(deck: DeckDetail): ReactNode;
}

/** Loads the deck once (shared with the deck page's cache) and frames a study mode. */
export function StudyFrame({ mode, backTo = "study", cardDisplay = backTo === "study", children }: StudyFrameProps) {
  const { courseId = "", deckId = "" } = useParams();
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { data: deck, error, isPending, refetch } = useDeck(deckId);
  const deckPath = localePath(`/courses/${courseId}/decks/${deckId}`);
  const back = (
    <Link to={backTo === "deck" ? deckPath : `${deckPath}/study`} className={styles.back}>
      ← {backTo === "deck" ? t("study.back_to_deck") : t("study.back_to_modes")}
    </Link>
  );

  if (error || (deck && String(deck.courseId) !== courseId)) {
    const missing = !error || (error instanceof ApiError && ["not_found", "invalid_request"].includes(error.code));
    return (
      <Page title={mode} before={back}>
        {missing ? (
          <p role="alert">{t("deck.not_found")}</p>
        ) : (
          <LoadFailed error={error} retry={() => void refetch()} message={t("deck.load_failed")} />
        )}
      </Page>
    );
  }
  return (
    <Page title={deck ? t("study.mode_title", { mode, deck: deck.name }) : mode} before={back}>
      {isPending ? (
        <Loading label={t("deck.loading")} />
      ) : (
        <>
          {children(deck)}
          {cardDisplay && (
            <div className={styles.cardDisplay}>
              <CardDisplayButton variant="link" languages={[deck.questionLanguage, deck.answerLanguage]} />
            </div>
          )}
        </>
      )}
    </Page>
  );
}
