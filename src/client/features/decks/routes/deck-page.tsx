import { Button, buttonClass } from "@client/components/button";
import { CardDisplayButton } from "@client/components/card-display-button";
import { CardText } from "@client/components/card-text";
import { ConfirmByNameDialog } from "@client/components/lazy-dialogs";
import { Link } from "@client/components/link";
import { LoadFailed } from "@client/components/load-failed";
import { Loading } from "@client/components/loading";
import { useNeedsConnection } from "@client/components/needs-connection";
import { Page } from "@client/components/page";
import { useSession } from "@client/core/session/session";
import { ApiError } from "@client/lib/api";
import { lazyComponent } from "@client/lib/lazy";
import { notify } from "@client/lib/notify";
import { useLocalePath } from "@client/lib/use-language";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { useDeck } from "../api/get-deck";
import { useDeleteDeck } from "../api/save-deck";
import { DeckEditorDialog, preloadDeckDialogs } from "../components/owner-dialogs";
import styles from "./deck-page.module.css";

/** Only the course's author sees how its learners remember the deck (decision 0045). */
const DeckHardCards = lazyComponent(() =>
  import("@client/features/hard-cards/components/deck-hard-cards").then((module) => module.DeckHardCards),
);

/** Only signed-in learners have progress: visitors do not download it. */
const DeckProgress = lazyComponent(() =>
  import("@client/features/reviews/components/deck-progress").then((module) => module.DeckProgress),
);

export function DeckPage() {
  const { courseId = "", deckId = "" } = useParams();
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const { user } = useSession();
  const { data: deck, error, isPending, refetch } = useDeck(deckId);
  const write = useNeedsConnection();
  const deleteDeck = useDeleteDeck();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const coursePath = localePath(`/courses/${courseId}`);
  const isOwner = !!deck && user?.id === deck.ownerId;
  useEffect(() => {
    if (isOwner) preloadDeckDialogs();
  }, [isOwner]);
  const back = (
    <Link to={coursePath} className={styles.back}>
      ← {t("deck.back_to_course")}
    </Link>
  );

  if (error || (deck && String(deck.courseId) !== courseId)) {
    const missing = !error || (error instanceof ApiError && ["not_found", "invalid_request"].includes(error.code));
    return (
      <Page title={t("pages.deck")} before={back}>
        {missing ? (
          <p role="alert">{t("deck.not_found")}</p>
        ) : (
          <LoadFailed error={error} retry={() => void refetch()} message={t("deck.load_failed")} />
        )}
      </Page>
    );
  }
  if (isPending) {
    return (
      <Page title={t("pages.deck")} before={back}>
        <Loading label={t("deck.loading")} />
      </Page>
    );
  }

  const deckPath = localePath(`/courses/${courseId}/decks/${deckId}`);

  return (
    <Page title={deck.name} before={back}>
      {deck.description && <p className={styles.description}>{deck.description}</p>}
      {user && (
        <Suspense fallback={null}>
          <DeckProgress deckId={deck.id} cardCount={deck.flashcards.length} />
        </Suspense>
      )}
      <div className={styles.actions}>
        <Link to={`${deckPath}/study`} className={buttonClass()}>
          {t("deck.study")}
        </Link>
        <Link to={`${deckPath}/test`} className={buttonClass({ variant: "secondary" })}>
          {t("deck.test")}
        </Link>
        <CardDisplayButton languages={[deck.questionLanguage, deck.answerLanguage]} />
        {isOwner && (
          <>
            <Button variant="secondary" onClick={() => setEditing(true)} {...write.control}>
              {t("deck.edit")}
            </Button>
            <Button variant="secondary" onClick={() => setDeleting(true)} {...write.control}>
              {t("deck.delete")}
            </Button>
            {write.reason}
          </>
        )}
      </div>

      {isOwner && (
        <div className={styles.hardCards}>
          <Suspense fallback={null}>
            <DeckHardCards deckId={deck.id} languages={deck} />
          </Suspense>
        </div>
      )}

      <h2 className={styles.heading}>{t("deck.cards_heading", { count: deck.flashcards.length })}</h2>
      {deck.flashcards.length === 0 ? (
        <p>{t("deck.no_cards")}</p>
      ) : (
        <ol className={styles.cards}>
          {deck.flashcards.map((card) => (
            <li key={card.id} className={styles.card}>
              <CardText
                as="p"
                text={card.question}
                side="question"
                lang={deck.questionLanguage}
                className={styles.question}
              />
              <CardText as="p" text={card.answer} side="answer" lang={deck.answerLanguage} className={styles.answer} />
            </li>
          ))}
        </ol>
      )}

      {isOwner && (
        <Suspense fallback={null}>
          {editing && <DeckEditorDialog open onClose={() => setEditing(false)} target={{ kind: "edit", deck }} />}
          {deleting && (
            <ConfirmByNameDialog
              open
              onClose={() => setDeleting(false)}
              title={t("deck.delete_title")}
              name={deck.name}
              mismatchMessage={t("validation.deck_name_does_not_match")}
              confirmLabel={t("deck.delete")}
              onConfirm={async () => {
                try {
                  await deleteDeck.mutateAsync(deck);
                  notify.success(t("deck.delete_deck_succeeded"));
                  navigate(coursePath);
                } catch (failure) {
                  console.error(failure);
                  notify.error(t("validation.delete_deck_failed"));
                }
              }}
            />
          )}
        </Suspense>
      )}
    </Page>
  );
}
