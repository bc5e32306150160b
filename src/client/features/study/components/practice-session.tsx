/**
 * Practice (issue #23 item 4, "cram"): any cards, due or not, in a shuffled round, as on the
 * review screen (show the question, reveal, say whether you knew it), with nothing written to the
 * schedule. Its answers go through the same outbox as every study mode's, with the mode
 * "practice": the server logs them (statistics count them) and schedules nothing (decision 0047).
 * So there are no interval previews, and the screen says so at the top.
 */

import { Button, buttonClass } from "@client/components/button";
import { CardDisplayButton } from "@client/components/card-display-button";
import { CardText } from "@client/components/card-text";
import { Link } from "@client/components/link";
import { RevealCard } from "@client/components/reveal-card";
import { useRecordAnswer } from "@client/features/reviews/api/record-answer";
import { useHotkeys } from "@client/lib/use-hotkeys";
import type { SideLanguages } from "@shared/card-languages";
import { furiganaBase } from "@shared/furigana/furigana";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { newRound, type PracticeCardView, summarise } from "../lib/practice-round";
import { InputHint } from "./input-hint";
import styles from "./practice.module.css";

interface PracticeSessionProps {
  cards: readonly PracticeCardView[];
  /** Shown under the notice (a big course's round is a random choice of its cards: it says so). */
  intro?: ReactNode;
  /** Where the end screen leads back to: the deck's study modes, or the course. */
  back: { to: string; label: string };
  /** The languages of the cards' sides (the course's); absent in a copy kept offline before courses had them. */
  languages: Partial<SideLanguages>;
}

export function PracticeSession({ cards, intro, back, languages }: PracticeSessionProps) {
  const { t } = useTranslation();
  const record = useRecordAnswer("practice");
  const [round, setRound] = useState(() => newRound(cards));
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState(false);
  const [results, setResults] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [ended, setEnded] = useState(false);
  const questionShownAt = useRef(performance.now());
  const cardButton = useRef<HTMLButtonElement>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  /** Set by an answer or a new round: the next card (or the end screen) takes the focus. */
  const moveFocus = useRef(false);
  const card = ended ? undefined : round[index];

  // Each new card takes the focus, so keys keep working and a screen reader reads its question;
  // at the end, the summary's heading does (the card's button is gone). Not on the first card:
  // the page's heading has it after a navigation.
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (card ? cardButton.current : doneHeading.current)?.focus();
  });

  const start = (next: readonly PracticeCardView[]) => {
    setRound(newRound(next));
    setIndex(0);
    setShown(false);
    setResults(new Map());
    setEnded(false);
    moveFocus.current = true;
    questionShownAt.current = performance.now();
  };
  const reveal = () => {
    if (card && !shown) setShown(true);
  };
  const answer = (known: boolean) => {
    if (!card || !shown) return;
    record(card.id, known, performance.now() - questionShownAt.current);
    setResults((current) => new Map(current).set(card.id, known));
    setIndex((i) => i + 1);
    setShown(false);
    moveFocus.current = true;
    questionShownAt.current = performance.now();
  };
  const end = () => {
    setEnded(true);
    moveFocus.current = true;
  };

  /** Space and Enter reveal, unless another control has the focus (End round, a link): then they are its. */
  const revealKey = (event: KeyboardEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const otherControl = target?.closest("button, a, summary") && target !== cardButton.current;
    return shown || otherControl ? false : reveal();
  };
  useHotkeys({ " ": revealKey, Enter: revealKey, "1": () => answer(false), "2": () => answer(true) }, Boolean(card));

  const notice = (
    <p className={styles.notice} role="note">
      {t("practice.notice")}
    </p>
  );

  if (cards.length === 0) {
    return (
      <>
        {notice}
        <p className={styles.empty}>{t("practice.no_cards")}</p>
      </>
    );
  }

  if (!card) {
    const summary = summarise(round, results);
    return (
      <>
        {notice}
        <section className={styles.done} aria-labelledby="practice-done">
          <h2 id="practice-done" ref={doneHeading} tabIndex={-1}>
            {summary.answered === 0
              ? t("practice.done_none")
              : t("practice.done", { count: summary.answered, known: summary.known })}
          </h2>
          {summary.left > 0 && summary.answered > 0 && <p>{t("practice.done_left", { count: summary.left })}</p>}
          <p>{t("practice.done_unchanged")}</p>
          {summary.missed.length > 0 && (
            <>
              <h3 className={styles.missedHeading}>{t("practice.missed_heading")}</h3>
              <ul className={styles.missed}>
                {summary.missed.map((missed) => (
                  <li key={missed.id}>
                    <CardText
                      text={missed.question}
                      side="question"
                      lang={languages.questionLanguage}
                      className={styles.missedQuestion}
                    />
                    <CardText
                      text={missed.answer}
                      side="answer"
                      lang={languages.answerLanguage}
                      className={styles.missedAnswer}
                    />
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className={styles.actions}>
            {summary.missed.length > 0 && (
              <Button onClick={() => start(summary.missed)}>
                {t("practice.again_missed", { count: summary.missed.length })}
              </Button>
            )}
            <Button variant={summary.missed.length > 0 ? "secondary" : "primary"} onClick={() => start(cards)}>
              {t("practice.again_all")}
            </Button>
            <Link to={back.to} className={buttonClass({ variant: "secondary" })}>
              {back.label}
            </Link>
          </div>
        </section>
      </>
    );
  }

  return (
    <>
      {notice}
      {intro}
      <section aria-label={t("practice.session")}>
        <div className={styles.progressRow}>
          <progress
            className={styles.progress}
            max={round.length}
            value={index}
            aria-label={t("review.progress", { done: index, total: round.length })}
          />
          <span className={styles.counter}>{t("review.progress", { done: index, total: round.length })}</span>
          <Button variant="link" size="small" onClick={end}>
            {t("practice.end")}
          </Button>
        </div>
        <RevealCard
          ref={cardButton}
          question={card.question}
          answer={card.answer}
          questionLanguage={languages.questionLanguage}
          answerLanguage={languages.answerLanguage}
          shown={shown}
          onReveal={reveal}
          describedBy="practice-hint"
        />
        {/* The answer appears inside the focused card: said once, for a screen reader. */}
        <p className="visually-hidden" aria-live="polite">
          {shown ? t("practice.answer_is", { answer: furiganaBase(card.answer) }) : ""}
        </p>
        <InputHint
          id="practice-hint"
          keys={shown ? t("practice.grade_keys") : t("practice.reveal_keys")}
          touch={shown ? t("practice.grade_touch") : t("practice.reveal_touch")}
        />
        {shown ? (
          <fieldset className={styles.grades}>
            <legend className="visually-hidden">{t("practice.grades")}</legend>
            <Button variant="secondary" className={styles.grade} onClick={() => answer(false)}>
              <kbd>1</kbd> {t("practice.missed")}
            </Button>
            <Button className={styles.grade} onClick={() => answer(true)}>
              <kbd>2</kbd> {t("practice.knew")}
            </Button>
          </fieldset>
        ) : (
          <div className={styles.grades}>
            <Button className={styles.grade} onClick={reveal}>
              {t("review.show_answer")}
            </Button>
          </div>
        )}
        <div className={styles.display}>
          <CardDisplayButton variant="link" languages={[languages.questionLanguage, languages.answerLanguage]} />
        </div>
      </section>
    </>
  );
}
