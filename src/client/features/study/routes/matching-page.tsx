import { FuriganaText, ListenButton } from "@client/components/card-text";
import { useRecordAnswer } from "@client/features/reviews/api/record-answer";
import { useCardDisplay } from "@client/lib/card-display";
import { furiganaBase } from "@shared/furigana/furigana";
import type { DeckDetail } from "@shared/schemas/deck";
import { type CSSProperties, type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { InputHint } from "../components/input-hint";
import styles from "../components/quiz.module.css";
import { QuizFooter } from "../components/quiz-footer";
import { StudyFrame } from "../components/study-frame";
import { type Assignments, assign, matchResults } from "../lib/matching";
import { shuffle } from "../lib/shuffle";

export function MatchingPage() {
  const { t } = useTranslation();
  return <StudyFrame mode={t("pages.matching")}>{(deck) => <Matching deck={deck} />}</StudyFrame>;
}

function makeRound(deck: DeckDetail) {
  const questions = shuffle(deck.flashcards);
  // Each answer remembers the number of its question.
  const answers = shuffle(questions.map((card, i) => ({ text: card.answer, owner: i + 1 })));
  return { questions, answers };
}

/** The first half of a pairing made by clicking: a question, or an answer, waiting for its partner. */
type Picked = { kind: "question"; number: number } | { kind: "answer"; index: number } | null;

/**
 * Questions numbered on the left; each answer on the right picks the number it belongs to, in its
 * drop-down, or by clicking (tapping, Enter on) a question and then an answer, which sets the same
 * drop-down. Every way of choosing goes through `pair`, so a number moves and is never on two
 * answers. On a phone the questions stay in view above the answers (decision 0054).
 */
function Matching({ deck }: { deck: DeckDetail }) {
  const { t } = useTranslation();
  const baseId = useId();
  const { readings } = useCardDisplay();
  /** A side's text as ruby; sentences, labels and the live region use its base text (furiganaBase). */
  const question = (text: string) => (
    <FuriganaText text={text} lang={deck.questionLanguage} mode={readings} focusable={false} />
  );
  const answerText = (text: string) => (
    <FuriganaText text={text} lang={deck.answerLanguage} mode={readings} focusable={false} />
  );
  const [round, setRound] = useState(() => makeRound(deck));
  const [assignments, setAssignments] = useState<Assignments>(new Map());
  const [picked, setPicked] = useState<Picked>(null);
  const [submitted, setSubmitted] = useState(false);
  const results = submitted
    ? matchResults(
        round.questions.length,
        round.answers.map((a) => a.text),
        round.answers.map((a) => a.owner),
        assignments,
      )
    : [];
  const score = results.filter((r) => r.kind === "correct").length;
  const numbersTaken = new Set([...assignments.values()].filter((n) => n !== null));

  const record = useRecordAnswer("matching");

  const pair = (answerIndex: number, questionNumber: number | null) => {
    setAssignments((current) => assign(current, answerIndex, questionNumber));
    setPicked(null);
  };
  const pickQuestion = (number: number) => {
    if (picked?.kind === "answer") return pair(picked.index, number);
    setPicked(picked?.kind === "question" && picked.number === number ? null : { kind: "question", number });
  };
  const pickAnswer = (index: number) => {
    if (picked?.kind === "question") return pair(index, picked.number);
    setPicked(picked?.kind === "answer" && picked.index === index ? null : { kind: "answer", index });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitted) return;
    setSubmitted(true);
    setPicked(null);
    const outcome = matchResults(
      round.questions.length,
      round.answers.map((a) => a.text),
      round.answers.map((a) => a.owner),
      assignments,
    );
    // Each question is one answer for learning memory; one left unmatched counts as wrong.
    for (const [i, card] of round.questions.entries()) record(card.id, outcome[i]?.kind === "correct");
  };
  const restart = () => {
    setRound(makeRound(deck));
    setAssignments(new Map());
    setPicked(null);
    setSubmitted(false);
  };

  const pickedText =
    picked?.kind === "question"
      ? t("study.match_picked_question", { number: picked.number })
      : picked?.kind === "answer"
        ? t("study.match_picked_answer", { answer: furiganaBase(round.answers[picked.index]?.text ?? "") })
        : "";

  return (
    <form onSubmit={submit} className={styles.quiz}>
      <InputHint keys={t("polish.matching_keys")} touch={t("polish.matching_touch")} />
      <div
        className={styles.matching}
        data-submitted={submitted ? "" : undefined}
        style={{ "--rows": round.questions.length } as CSSProperties}
      >
        <section aria-labelledby={`${baseId}-questions`} className={styles.matchColumn}>
          <h2 id={`${baseId}-questions`} className={styles.columnTitle}>
            {t("study.questions")}
          </h2>
          <ol className={styles.matchList}>
            {round.questions.map((card, i) => {
              const result = results[i];
              return (
                <li key={card.id} className={styles.matchItem} data-paired={numbersTaken.has(i + 1) ? "" : undefined}>
                  <div className={styles.matchSide}>
                    {submitted ? (
                      <span className={styles.matchText}>
                        <span className={styles.number}>{i + 1}.</span> {question(card.question)}
                      </span>
                    ) : (
                      <button
                        type="button"
                        className={styles.pairButton}
                        aria-pressed={picked?.kind === "question" && picked.number === i + 1}
                        onClick={() => pickQuestion(i + 1)}
                      >
                        <span className={styles.number}>{i + 1}.</span> {question(card.question)}
                      </button>
                    )}
                    {/* Beside the pairing button, not in it: listening pairs nothing. */}
                    <ListenButton text={card.question} side="question" lang={deck.questionLanguage} />
                  </div>
                  {result && (
                    <p className={styles.result} data-verdict={result.kind === "correct" ? "correct" : "wrong"}>
                      {result.kind === "correct"
                        ? `✓ ${t("study.correct")}`
                        : result.kind === "unanswered"
                          ? t("study.no_answer_selected")
                          : t("study.you_answered", {
                              chosen: furiganaBase(result.chosenAnswer),
                              correct: furiganaBase(card.answer),
                            })}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
        </section>
        <section aria-labelledby={`${baseId}-answers`} className={styles.matchColumn}>
          <h2 id={`${baseId}-answers`} className={styles.columnTitle}>
            {t("study.answers")}
          </h2>
          <ul className={styles.matchList}>
            {round.answers.map((answer, i) => (
              <li key={`${answer.owner}-${answer.text}`} className={styles.matchItem}>
                <div className={styles.matchAnswer}>
                  <select
                    value={assignments.get(i) ?? ""}
                    disabled={submitted}
                    // Mouse, arrow keys in the closed list, typed digits and a phone's picker all
                    // end in this one change event.
                    onChange={(e) => pair(i, e.target.value ? Number(e.target.value) : null)}
                    aria-label={t("study.question_for", { answer: furiganaBase(answer.text) })}
                  >
                    <option value="">–</option>
                    {round.questions.map((card, q) => (
                      <option key={card.id} value={q + 1}>
                        {q + 1}
                      </option>
                    ))}
                  </select>
                  {submitted ? (
                    <span className={styles.matchText}>{answerText(answer.text)}</span>
                  ) : (
                    <button
                      type="button"
                      className={styles.pairButton}
                      aria-pressed={picked?.kind === "answer" && picked.index === i}
                      onClick={() => pickAnswer(i)}
                    >
                      {answerText(answer.text)}
                    </button>
                  )}
                  <ListenButton text={answer.text} side="answer" lang={deck.answerLanguage} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {pickedText}
      </p>
      <QuizFooter submitted={submitted} score={score} total={round.questions.length} onRestart={restart} />
    </form>
  );
}
