/**
 * Write mode (issue #24 item 1): each card's question, the learner types the answer, Enter checks
 * it (src/shared/answers/check-answer.ts) and Enter again goes on. Recall: recorded as "write"
 * (decision 0047), once per card, when the learner goes on (decision 0051). A summary ends the round.
 */
import { Button, buttonClass } from "@client/components/button";
import { CardText } from "@client/components/card-text";
import { Link } from "@client/components/link";
import {
  countsAsRight,
  TypedAnswer,
  type TypedOutcome,
  type TypedResult,
} from "@client/components/typed-answer/typed-answer";
import { useRecordAnswer } from "@client/features/reviews/api/record-answer";
import type { DeckDetail, Flashcard } from "@shared/schemas/deck";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "../components/study.module.css";
import { StudyFrame } from "../components/study-frame";
import own from "../components/write.module.css";
import { shuffle } from "../lib/shuffle";

export function WritePage() {
  const { t } = useTranslation();
  return <StudyFrame mode={t("write.title")}>{(deck) => <WriteSession deck={deck} />}</StudyFrame>;
}

function WriteSession({ deck }: { deck: DeckDetail }) {
  const { t } = useTranslation();
  const [cards, setCards] = useState<Flashcard[]>(() => shuffle(deck.flashcards));
  const [outcomes, setOutcomes] = useState<ReadonlyMap<number, TypedOutcome>>(new Map());
  const [index, setIndex] = useState(0);
  // Each round is a new one for the field: the same card may come again in it.
  const [round, setRound] = useState(0);
  const record = useRecordAnswer("write");
  const card = cards[index];

  const start = (next: Flashcard[]) => {
    setCards(shuffle(next));
    setOutcomes(new Map());
    setIndex(0);
    setRound((r) => r + 1);
  };
  const onResult = (answered: Flashcard) => (result: TypedResult) => {
    record(answered.id, countsAsRight(result.outcome), result.responseMs);
    setOutcomes((current) => new Map(current).set(answered.id, result.outcome));
    setIndex((i) => i + 1);
  };

  if (!card) {
    const count = (wanted: (outcome: TypedOutcome) => boolean) =>
      [...outcomes.values()].filter((outcome) => wanted(outcome)).length;
    const missed = cards.filter((c) => outcomes.get(c.id) === "wrong");
    return (
      <section className={styles.done} aria-labelledby="write-done">
        <h2 id="write-done">{t("write.done", { count: outcomes.size })}</h2>
        <ul className={own.tallies}>
          <li>{t("write.count_right", { count: count((o) => o === "right" || o === "corrected") })}</li>
          <li>{t("write.count_almost", { count: count((o) => o === "almost") })}</li>
          <li>{t("write.count_wrong", { count: missed.length })}</li>
        </ul>
        {missed.length > 0 && (
          <>
            <h3 className={own.missedTitle}>{t("write.missed")}</h3>
            <dl className={own.missed}>
              {missed.map((c) => (
                <div key={c.id}>
                  <dt>
                    <CardText text={c.question} side="question" lang={deck.questionLanguage} />
                  </dt>
                  <dd>
                    <CardText text={c.answer} side="answer" lang={deck.answerLanguage} />
                  </dd>
                </div>
              ))}
            </dl>
          </>
        )}
        <div className={styles.actions}>
          {/* The field is gone: the focus comes here, not to the page's body. */}
          <Button autoFocus onClick={() => start(deck.flashcards)}>
            {t("write.restart")}
          </Button>
          {missed.length > 0 && (
            <Button variant="secondary" onClick={() => start(missed)}>
              {t("write.again_missed", { count: missed.length })}
            </Button>
          )}
          <Link to="../test" relative="path" className={buttonClass({ variant: "secondary" })}>
            {t("study.take_test")}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section aria-label={t("write.session")}>
      <div className={styles.toolbar}>
        <span className={styles.counter} aria-live="polite">
          {t("write.progress", { n: index + 1, total: cards.length })}
        </span>
      </div>
      <TypedAnswer
        key={round}
        cardKey={card.id}
        question={card.question}
        expected={card.answer}
        questionLanguage={deck.questionLanguage}
        answerLanguage={deck.answerLanguage}
        onResult={onResult(card)}
      />
    </section>
  );
}
