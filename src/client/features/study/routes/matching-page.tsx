import { useRecordAnswer } from "@client/features/reviews/api/record-answer";
import type { DeckDetail } from "@shared/schemas/deck";
import { type FormEvent, useId, useState } from "react";
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

/** Questions numbered on the left; each answer on the right picks the number it belongs to. */
function Matching({ deck }: { deck: DeckDetail }) {
  const { t } = useTranslation();
  const baseId = useId();
  const [round, setRound] = useState(() => makeRound(deck));
  const [assignments, setAssignments] = useState<Assignments>(new Map());
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

  const record = useRecordAnswer("matching");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitted) return;
    setSubmitted(true);
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
    setSubmitted(false);
  };

  return (
    <form onSubmit={submit} className={styles.quiz}>
      <InputHint keys={t("polish.matching_keys")} touch={t("polish.matching_touch")} />
      <div className={styles.matching}>
        <section aria-labelledby={`${baseId}-questions`}>
          <h2 id={`${baseId}-questions`} className={styles.columnTitle}>
            {t("study.questions")}
          </h2>
          <ol className={styles.matchList}>
            {round.questions.map((card, i) => {
              const result = results[i];
              return (
                <li key={card.id} className={styles.matchItem}>
                  <span className={styles.number}>{i + 1}.</span> {card.question}
                  {result && (
                    <p className={styles.result} data-verdict={result.kind === "correct" ? "correct" : "wrong"}>
                      {result.kind === "correct"
                        ? `✓ ${t("study.correct")}`
                        : result.kind === "unanswered"
                          ? t("study.no_answer_selected")
                          : t("study.you_answered", { chosen: result.chosenAnswer, correct: card.answer })}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
        </section>
        <section aria-labelledby={`${baseId}-answers`}>
          <h2 id={`${baseId}-answers`} className={styles.columnTitle}>
            {t("study.answers")}
          </h2>
          <ul className={styles.matchList}>
            {round.answers.map((answer, i) => (
              <li key={`${answer.owner}-${answer.text}`} className={styles.matchItem}>
                <label className={styles.matchAnswer}>
                  <select
                    value={assignments.get(i) ?? ""}
                    disabled={submitted}
                    onChange={(e) =>
                      setAssignments((current) => assign(current, i, e.target.value ? Number(e.target.value) : null))
                    }
                    aria-label={t("study.question_for", { answer: answer.text })}
                  >
                    <option value="">–</option>
                    {round.questions.map((card, q) => (
                      <option key={card.id} value={q + 1}>
                        {q + 1}
                      </option>
                    ))}
                  </select>
                  <span>{answer.text}</span>
                </label>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <QuizFooter submitted={submitted} score={score} total={round.questions.length} onRestart={restart} />
    </form>
  );
}
