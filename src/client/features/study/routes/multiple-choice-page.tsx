import { Button } from "@client/components/button";
import { Dialog } from "@client/components/dialog";
import { useRecordAnswer } from "@client/features/reviews/api/record-answer";
import type { DeckDetail } from "@shared/schemas/deck";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { InputHint } from "../components/input-hint";
import styles from "../components/quiz.module.css";
import { QuizFooter } from "../components/quiz-footer";
import { StudyFrame } from "../components/study-frame";
import { answerOptions } from "../lib/options";
import { shuffle } from "../lib/shuffle";

export function MultipleChoicePage() {
  const { t } = useTranslation();
  return <StudyFrame mode={t("pages.multiple_choice")}>{(deck) => <MultipleChoice deck={deck} />}</StudyFrame>;
}

function makeQuestions(deck: DeckDetail) {
  const answers = deck.flashcards.map((card) => card.answer);
  return shuffle(deck.flashcards).map((card) => ({ card, options: answerOptions(card.answer, answers) }));
}

/**
 * Every question on one page; submitting locks the choices and shows the score. How many are
 * answered, then the score, stays at the top; submitting with questions left blank asks first.
 */
function MultipleChoice({ deck }: { deck: DeckDetail }) {
  const { t } = useTranslation();
  const [questions, setQuestions] = useState(() => makeQuestions(deck));
  const [chosen, setChosen] = useState<ReadonlyMap<number, string>>(new Map());
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const score = questions.filter(({ card }) => chosen.get(card.id) === card.answer).length;
  const unanswered = questions.length - chosen.size;

  const record = useRecordAnswer("choice");

  const finish = () => {
    setConfirming(false);
    if (submitted) return;
    setSubmitted(true);
    // Each question is one answer for learning memory; one left blank counts as wrong.
    for (const { card } of questions) record(card.id, chosen.get(card.id) === card.answer);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitted) return;
    if (unanswered > 0) return setConfirming(true);
    finish();
  };
  const restart = () => {
    setQuestions(makeQuestions(deck));
    setChosen(new Map());
    setSubmitted(false);
  };

  return (
    <form onSubmit={submit} className={styles.quiz}>
      <InputHint keys={t("polish.choice_keys")} touch={t("polish.choice_touch")} />
      <p className={styles.tally} aria-live="polite">
        {submitted
          ? t("polish.score_of", { score, total: questions.length })
          : t("polish.answered_of", { answered: chosen.size, total: questions.length })}
      </p>
      <ol className={styles.questions}>
        {questions.map(({ card, options }, index) => (
          <li key={card.id}>
            <fieldset className={styles.question} disabled={submitted}>
              <legend>
                <span className={styles.number}>{index + 1}.</span> {card.question}
              </legend>
              <div className={styles.options}>
                {options.map((option) => {
                  const picked = chosen.get(card.id) === option;
                  const verdict = !submitted
                    ? undefined
                    : option === card.answer
                      ? "correct"
                      : picked
                        ? "wrong"
                        : undefined;
                  return (
                    <label key={option} className={styles.option} data-verdict={verdict}>
                      <input
                        type="radio"
                        name={`question-${card.id}`}
                        value={option}
                        checked={picked}
                        onChange={() => setChosen((current) => new Map(current).set(card.id, option))}
                      />
                      <span className={styles.optionText}>{option}</span>
                      {verdict && (
                        <span className={styles.verdict} data-testid="verdict">
                          {verdict === "correct" ? t("study.correct") : t("study.wrong")}
                        </span>
                      )}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <QuizFooter submitted={submitted} score={score} total={questions.length} onRestart={restart} />
      <Dialog open={confirming} onOpenChange={setConfirming} title={t("polish.unanswered_title")}>
        <p>{t("polish.unanswered_body", { count: unanswered })}</p>
        <div className={styles.confirmActions}>
          <Button autoFocus onClick={() => setConfirming(false)}>
            {t("polish.keep_answering")}
          </Button>
          <Button variant="secondary" onClick={finish}>
            {t("polish.submit_anyway")}
          </Button>
        </div>
      </Dialog>
    </form>
  );
}
