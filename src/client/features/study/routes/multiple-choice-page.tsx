import { Button } from "@client/components/button";
import { CardText, FuriganaText } from "@client/components/card-text";
import { Dialog } from "@client/components/dialog";
import { useRecordAnswer } from "@client/features/reviews/api/record-answer";
import { useCardDisplay } from "@client/lib/card-display";
import { useHotkeys } from "@client/lib/use-hotkeys";
import type { DeckDetail } from "@shared/schemas/deck";
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { InputHint } from "../components/input-hint";
import styles from "../components/quiz.module.css";
import { QuizFooter } from "../components/quiz-footer";
import { StudyFrame } from "../components/study-frame";
import { answerOptions } from "../lib/options";
import { shuffle } from "../lib/shuffle";
import { useStoredFlag } from "../lib/stored-flag";

export function MultipleChoicePage() {
  const { t } = useTranslation();
  return <StudyFrame mode={t("pages.multiple_choice")}>{(deck) => <MultipleChoice deck={deck} />}</StudyFrame>;
}

function makeQuestions(deck: DeckDetail) {
  const answers = deck.flashcards.map((card) => card.answer);
  return shuffle(deck.flashcards).map((card) => ({ card, options: answerOptions(card.answer, answers) }));
}

/** The learner's choice to see each answer checked as it is given, remembered on this device. */
const CHECK_AS_YOU_GO_KEY = "multipleChoiceCheckAsYouGo";

/** The option a key 1 to 4 names, or -1. */
const optionIndexOf = (event: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean }) =>
  event.altKey || event.ctrlKey || event.metaKey || !/^[1-9]$/.test(event.key) ? -1 : Number(event.key) - 1;

/**
 * Every question on one page; submitting locks the choices and shows the score. How many are
 * answered, then the score, stays at the top; submitting with questions left blank asks first.
 * Keys 1 to 4 choose in the question holding the focus (the first open one from elsewhere on the
 * page). With "check as I go" on, each question is locked and marked right or wrong as soon as it
 * is answered, and counts for memory then.
 */
function MultipleChoice({ deck }: { deck: DeckDetail }) {
  const { t } = useTranslation();
  const checkboxId = useId();
  const { readings } = useCardDisplay();
  const [questions, setQuestions] = useState(() => makeQuestions(deck));
  const [chosen, setChosen] = useState<ReadonlyMap<number, string>>(new Map());
  /** Questions already checked (and recorded) one by one. */
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [checkAsYouGo, setCheckAsYouGo] = useStoredFlag(CHECK_AS_YOU_GO_KEY, false);
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const score = questions.filter(({ card }) => chosen.get(card.id) === card.answer).length;
  const rightSoFar = questions.filter(({ card }) => checked.has(card.id) && chosen.get(card.id) === card.answer).length;
  const unanswered = questions.length - chosen.size;

  const record = useRecordAnswer("choice");

  const fieldsets = () => [...(list.current?.querySelectorAll<HTMLFieldSetElement>("fieldset") ?? [])];
  /** The focus after a question is locked: the next open question, else Submit (never the page's body). */
  const focusAfter = (index: number) => {
    const open = fieldsets().find((fieldset, i) => i > index && !fieldset.disabled);
    const target =
      open?.querySelector<HTMLInputElement>("input:checked, input") ??
      list.current?.closest("form")?.querySelector<HTMLButtonElement>("button[type=submit]");
    target?.focus({ preventScroll: true });
  };

  const choose = (index: number, option: string, focusChoice: boolean) => {
    const question = questions[index];
    if (!question || submitted || checked.has(question.card.id)) return;
    const { card } = question;
    setChosen((current) => new Map(current).set(card.id, option));
    if (checkAsYouGo) {
      setChecked((current) => new Set(current).add(card.id));
      record(card.id, option === card.answer);
      // The fieldset is disabled on the next render: the focus moves on before it is lost.
      requestAnimationFrame(() => focusAfter(index));
    } else if (focusChoice) {
      const fieldset = fieldsets()[index];
      const position = question.options.indexOf(option);
      fieldset?.querySelectorAll<HTMLInputElement>("input[type=radio]")[position]?.focus();
    }
  };
  const chooseByKey = (index: number, event: KeyboardEvent<HTMLFieldSetElement>) => {
    const option = questions[index]?.options[optionIndexOf(event)];
    if (option === undefined) return;
    event.preventDefault();
    choose(index, option, true);
  };
  // From outside the questions (the page, the tally, the option's checkbox): the first open question.
  useHotkeys(
    Object.fromEntries(
      ["1", "2", "3", "4"].map((key, position) => [
        key,
        () => {
          const index = questions.findIndex(({ card }) => !chosen.has(card.id) && !checked.has(card.id));
          const option = questions[index]?.options[position];
          if (option === undefined) return false;
          choose(index, option, true);
        },
      ]),
    ),
    !submitted,
  );

  const toggleCheckAsYouGo = (on: boolean) => {
    setCheckAsYouGo(on);
    if (!on || submitted) return;
    // Turned on midway: the questions already answered are checked now.
    const waiting = questions.filter(({ card }) => chosen.has(card.id) && !checked.has(card.id));
    for (const { card } of waiting) record(card.id, chosen.get(card.id) === card.answer);
    setChecked((current) => new Set([...current, ...waiting.map(({ card }) => card.id)]));
  };

  const finish = () => {
    setConfirming(false);
    if (submitted) return;
    setSubmitted(true);
    // Each question is one answer for learning memory; one left blank counts as wrong. Questions
    // checked as they were answered have counted already.
    for (const { card } of questions) if (!checked.has(card.id)) record(card.id, chosen.get(card.id) === card.answer);
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
    setChecked(new Set());
    setSubmitted(false);
  };

  return (
    <form onSubmit={submit} className={styles.quiz}>
      <InputHint keys={t("polish.choice_keys")} touch={t("polish.choice_touch")} />
      <div className={styles.checkOption}>
        <input
          id={checkboxId}
          type="checkbox"
          checked={checkAsYouGo}
          disabled={submitted}
          onChange={(e) => toggleCheckAsYouGo(e.target.checked)}
        />
        <label htmlFor={checkboxId}>{t("study.check_as_you_go")}</label>
      </div>
      <p className={styles.tally} aria-live="polite">
        {submitted
          ? t("polish.score_of", { score, total: questions.length })
          : checked.size > 0
            ? t("study.answered_right", { answered: chosen.size, total: questions.length, right: rightSoFar })
            : t("polish.answered_of", { answered: chosen.size, total: questions.length })}
      </p>
      <ol className={styles.questions} ref={list}>
        {questions.map(({ card, options }, index) => {
          const shown = submitted || checked.has(card.id);
          return (
            <li key={card.id}>
              <fieldset className={styles.question} disabled={shown} onKeyDown={(e) => chooseByKey(index, e)}>
                <legend>
                  <span className={styles.number}>{index + 1}.</span>{" "}
                  <CardText text={card.question} side="question" lang={deck.questionLanguage} />
                </legend>
                <div className={styles.options}>
                  {options.map((option, position) => {
                    const picked = chosen.get(card.id) === option;
                    const verdict = !shown
                      ? undefined
                      : option === card.answer
                        ? "correct"
                        : picked
                          ? "wrong"
                          : undefined;
                    return (
                      <label
                        key={option}
                        className={styles.option}
                        data-verdict={verdict}
                        data-picked={picked ? "" : undefined}
                      >
                        <input
                          type="radio"
                          name={`question-${card.id}`}
                          value={option}
                          checked={picked}
                          onChange={() => choose(index, option, false)}
                        />
                        <span className={styles.optionKey} aria-hidden="true">
                          {position + 1}
                        </span>
                        <span className={styles.optionText}>
                          <FuriganaText text={option} lang={deck.answerLanguage} mode={readings} focusable={false} />
                        </span>
                        {picked && !verdict && (
                          <span className={styles.pickedMark} aria-hidden="true">
                            ✓
                          </span>
                        )}
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
          );
        })}
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
