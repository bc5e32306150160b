import { Button, buttonClass } from "@client/components/button";
import { FuriganaText, ListenButton } from "@client/components/card-text";
import { Dialog } from "@client/components/dialog";
import { Link } from "@client/components/link";
import { useRecordAnswer } from "@client/features/reviews/api/record-answer";
import { useCardDisplay } from "@client/lib/card-display";
import { useHotkeys } from "@client/lib/use-hotkeys";
import type { DeckDetail, Flashcard } from "@shared/schemas/deck";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { InputHint } from "../components/input-hint";
import styles from "../components/study.module.css";
import { StudyFrame } from "../components/study-frame";
import { shuffle } from "../lib/shuffle";

type Mark = "correct" | "incorrect";
const SWIPE_PX = 40;

export function FlashcardsPage() {
  const { t } = useTranslation();
  return <StudyFrame mode={t("pages.flashcards")}>{(deck) => <FlipCards deck={deck} />}</StudyFrame>;
}

function FlipCards({ deck }: { deck: DeckDetail }) {
  const { t } = useTranslation();
  const { readings } = useCardDisplay();
  const [shuffled, setShuffled] = useState(false);
  const [cards, setCards] = useState<Flashcard[]>(deck.flashcards);
  const [index, setIndex] = useState(0);
  const [showAnswer, setShowAnswer] = useState(false);
  const [marks, setMarks] = useState<ReadonlyMap<number, Mark>>(new Map());
  const [helpOpen, setHelpOpen] = useState(false);
  /** What the last mark was, said once the next card is up. */
  const [lastMark, setLastMark] = useState<Mark | null>(null);
  const pointerStart = useRef<{ x: number; y: number } | null>(null);
  const cardRef = useRef<HTMLButtonElement>(null);
  /** The Shuffle box was last pressed with a pointer, not from the keyboard. */
  const byPointer = useRef(false);
  const card = cards[index];
  const finished = index >= cards.length;
  /** Started again from the end screen: its button is gone, so the focus goes to the new card. */
  const focusCard = useRef(false);
  useEffect(() => {
    if (!finished && focusCard.current) {
      focusCard.current = false;
      cardRef.current?.focus();
    }
  });

  const start = (next: Flashcard[], shuffleThem = shuffled) => {
    setCards(shuffleThem ? shuffle(next) : next);
    setIndex(0);
    setShowAnswer(false);
    setMarks(new Map());
    setLastMark(null);
  };
  const go = (step: 1 | -1) => {
    setIndex((i) => Math.min(cards.length, Math.max(0, i + step)));
    setShowAnswer(false);
  };
  const move = (step: 1 | -1) => {
    setLastMark(null);
    go(step);
  };
  const record = useRecordAnswer("flip");
  /** Marking is the verdict on this card: it is recorded and the next card comes. */
  const mark = (value: Mark) => {
    if (!card) return;
    if (marks.get(card.id) !== value) {
      setMarks((current) => new Map(current).set(card.id, value));
      record(card.id, value === "correct");
    }
    setLastMark(value);
    go(1);
  };

  // The spec's keys; on the completion screen they are the page's again.
  useHotkeys(
    {
      " ": () => setShowAnswer((shown) => !shown),
      ArrowRight: () => move(1),
      ArrowLeft: () => move(-1),
      ArrowDown: () => mark("incorrect"),
      ArrowUp: () => mark("correct"),
    },
    !finished,
  );

  const markedIncorrect = cards.filter((c) => marks.get(c.id) === "incorrect");

  if (finished) {
    return (
      <section className={styles.done} aria-labelledby="flashcards-done">
        <h2 id="flashcards-done">{t("study.flashcards_done", { count: cards.length })}</h2>
        <p>
          {t("study.flashcards_marked", {
            correct: cards.filter((c) => marks.get(c.id) === "correct").length,
            incorrect: markedIncorrect.length,
          })}
        </p>
        <div className={styles.actions}>
          {/* The last card's button is gone: the focus comes here, not to the page's body. */}
          <Button
            autoFocus
            onClick={() => {
              focusCard.current = true;
              start(deck.flashcards);
            }}
          >
            {t("study.try_again")}
          </Button>
          {markedIncorrect.length > 0 && (
            <Button
              variant="secondary"
              onClick={() => {
                focusCard.current = true;
                start(markedIncorrect);
              }}
            >
              {t("study.study_marked", { count: markedIncorrect.length })}
            </Button>
          )}
          <Link to="../test" relative="path" className={buttonClass({ variant: "secondary" })}>
            {t("study.take_test")}
          </Link>
        </div>
      </section>
    );
  }

  const currentMark = card ? marks.get(card.id) : undefined;
  return (
    <section aria-label={t("pages.flashcards")}>
      <div className={styles.toolbar}>
        <span className={styles.counter} aria-live="polite">
          ({index + 1}/{cards.length})
        </span>
        <label
          onPointerDown={() => {
            byPointer.current = true;
          }}
        >
          <input
            type="checkbox"
            checked={shuffled}
            onChange={(e) => {
              setShuffled(e.target.checked);
              start(deck.flashcards, e.target.checked);
              // Clicked or tapped: the focus goes on to the card, so Space flips it (a box
              // reached by Tab keeps it, and Space toggles the box).
              if (byPointer.current) cardRef.current?.focus();
              byPointer.current = false;
            }}
          />{" "}
          {t("study.shuffle")}
        </label>
        <Button variant="link" onClick={() => setHelpOpen(true)}>
          {t("study.shortcuts")}
        </Button>
      </div>
      <progress
        className={styles.progress}
        max={cards.length}
        value={index}
        aria-label={t("polish.cards_done", { done: index, total: cards.length })}
      />
      <InputHint keys={t("polish.flip_keys")} touch={t("polish.flip_touch")} />
      {/* The Listen button sits beside the card's button, in its corner (a button holds no button). */}
      <div className={styles.flipFrame}>
        <button
          ref={cardRef}
          type="button"
          className={styles.flipCard}
          data-side={showAnswer ? "answer" : "question"}
          data-mark={currentMark}
          onClick={() => setShowAnswer((shown) => !shown)}
          onPointerDown={(e) => {
            pointerStart.current = { x: e.clientX, y: e.clientY };
          }}
          onPointerUp={(e) => {
            const from = pointerStart.current;
            pointerStart.current = null;
            if (!from || e.pointerType === "mouse") return;
            const dx = e.clientX - from.x;
            const dy = e.clientY - from.y;
            // Sideways moves; up marks as known, down for review (and both move on).
            if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) move(dx < 0 ? 1 : -1);
            else if (Math.abs(dy) > SWIPE_PX) mark(dy < 0 ? "correct" : "incorrect");
          }}
          aria-describedby="flip-hint"
        >
          {/* A new card, or the other side, plays the flip (none under reduced motion: the CSS). */}
          <span key={`${card?.id}-${showAnswer}`} className={styles.face}>
            <span className={styles.side}>{showAnswer ? t("study.answer") : t("study.question")}</span>{" "}
            {card && (
              <FuriganaText
                text={showAnswer ? card.answer : card.question}
                lang={showAnswer ? deck.answerLanguage : deck.questionLanguage}
                mode={readings}
                focusable={false}
              />
            )}
          </span>
        </button>
        {card && (
          <ListenButton
            className={styles.flipListen}
            text={showAnswer ? card.answer : card.question}
            side={showAnswer ? "answer" : "question"}
            lang={showAnswer ? deck.answerLanguage : deck.questionLanguage}
          />
        )}
      </div>
      <p id="flip-hint" hidden>
        {t("study.flip_hint")}
      </p>
      <p className={styles.markNote} data-mark={lastMark ?? undefined} aria-live="polite">
        {lastMark === "correct"
          ? t("study.marked_correct")
          : lastMark === "incorrect"
            ? t("study.marked_incorrect")
            : ""}
      </p>
      <div className={styles.controls}>
        <Button variant="secondary" onClick={() => move(-1)} disabled={index === 0}>
          <span aria-hidden="true">←</span> {t("study.previous")}
        </Button>
        <Button variant="secondary" onClick={() => mark("incorrect")}>
          <span aria-hidden="true">↓</span> {t("study.mark_incorrect")}
        </Button>
        <Button variant="secondary" onClick={() => mark("correct")}>
          <span aria-hidden="true">↑</span> {t("study.mark_correct")}
        </Button>
        <Button onClick={() => move(1)}>
          {t("study.next")} <span aria-hidden="true">→</span>
        </Button>
      </div>
      <Dialog open={helpOpen} onOpenChange={setHelpOpen} title={t("study.shortcuts")}>
        <dl className={styles.shortcuts}>
          <dt>
            <kbd>{t("theme.key_space")}</kbd>
          </dt>
          <dd>{t("study.key_flip")}</dd>
          <dt>
            <kbd>→</kbd> <kbd>←</kbd>
          </dt>
          <dd>{t("study.key_move")}</dd>
          <dt>
            <kbd>↑</kbd>
          </dt>
          <dd>{t("study.key_correct")}</dd>
          <dt>
            <kbd>↓</kbd>
          </dt>
          <dd>{t("study.key_incorrect")}</dd>
        </dl>
      </Dialog>
    </section>
  );
}
