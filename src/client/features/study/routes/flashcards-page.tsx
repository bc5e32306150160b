import { Button, buttonClass } from "@client/components/button";
import { Dialog } from "@client/components/dialog";
import { useRecordAnswer } from "@client/features/reviews/api/record-answer";
import { useHotkeys } from "@client/lib/use-hotkeys";
import type { DeckDetail, Flashcard } from "@shared/schemas/deck";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
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
  const [shuffled, setShuffled] = useState(false);
  const [cards, setCards] = useState<Flashcard[]>(deck.flashcards);
  const [index, setIndex] = useState(0);
  const [showAnswer, setShowAnswer] = useState(false);
  const [marks, setMarks] = useState<ReadonlyMap<number, Mark>>(new Map());
  const [helpOpen, setHelpOpen] = useState(false);
  const pointerStart = useRef<{ x: number; y: number } | null>(null);
  const card = cards[index];
  const finished = index >= cards.length;

  const start = (next: Flashcard[], shuffleThem = shuffled) => {
    setCards(shuffleThem ? shuffle(next) : next);
    setIndex(0);
    setShowAnswer(false);
    setMarks(new Map());
  };
  const go = (step: 1 | -1) => {
    setIndex((i) => Math.min(cards.length, Math.max(0, i + step)));
    setShowAnswer(false);
  };
  const record = useRecordAnswer("flip");
  const mark = (value: Mark) => {
    if (!card || marks.get(card.id) === value) return;
    setMarks((current) => new Map(current).set(card.id, value));
    record(card.id, value === "correct");
  };

  // The spec's keys; on the completion screen they are the page's again.
  useHotkeys(
    {
      " ": () => setShowAnswer((shown) => !shown),
      ArrowRight: () => go(1),
      ArrowLeft: () => go(-1),
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
          <Button onClick={() => start(deck.flashcards)}>{t("study.try_again")}</Button>
          {markedIncorrect.length > 0 && (
            <Button variant="secondary" onClick={() => start(markedIncorrect)}>
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
        <label>
          <input
            type="checkbox"
            checked={shuffled}
            onChange={(e) => {
              setShuffled(e.target.checked);
              start(deck.flashcards, e.target.checked);
            }}
          />{" "}
          {t("study.shuffle")}
        </label>
        <Button variant="link" onClick={() => setHelpOpen(true)}>
          {t("study.shortcuts")}
        </Button>
      </div>
      <button
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
          if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - from.y)) go(dx < 0 ? 1 : -1);
        }}
        aria-describedby="flip-hint"
      >
        <span>
          <span className={styles.side}>{showAnswer ? t("study.answer") : t("study.question")}</span>{" "}
          {showAnswer ? card?.answer : card?.question}
        </span>
      </button>
      <p id="flip-hint" hidden>
        {t("study.flip_hint")}
      </p>
      <p className={styles.markNote} data-mark={currentMark} aria-live="polite">
        {currentMark === "correct"
          ? t("study.marked_correct")
          : currentMark === "incorrect"
            ? t("study.marked_incorrect")
            : ""}
      </p>
      <div className={styles.controls}>
        <Button variant="secondary" onClick={() => go(-1)} disabled={index === 0}>
          ← {t("study.previous")}
        </Button>
        <Button variant="secondary" onClick={() => mark("incorrect")}>
          ↓ {t("study.mark_incorrect")}
        </Button>
        <Button variant="secondary" onClick={() => mark("correct")}>
          ↑ {t("study.mark_correct")}
        </Button>
        <Button onClick={() => go(1)}>{t("study.next")} →</Button>
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
