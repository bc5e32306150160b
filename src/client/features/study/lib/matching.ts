/**
 * Matching: each answer row chooses a question number. A number belongs to one answer at a time,
 * so choosing a number another answer holds moves it (the other answer goes back to none).
 */
export type Assignments = ReadonlyMap<number, number | null>; // answer index → question number

export function assign(
  assignments: Assignments,
  answerIndex: number,
  questionNumber: number | null,
): Map<number, number | null> {
  const next = new Map(assignments);
  if (questionNumber !== null) {
    for (const [other, number] of next) if (number === questionNumber) next.set(other, null);
  }
  next.set(answerIndex, questionNumber);
  return next;
}

export type MatchResult = { kind: "correct" } | { kind: "unanswered" } | { kind: "wrong"; chosenAnswer: string };

/**
 * For each question (numbered from 1 in `questions` order): right, unanswered, or which answer the
 * person put there. `answers[i]` belongs to question `answerOwner[i]`.
 */
export function matchResults(
  questionCount: number,
  answers: readonly string[],
  answerOwner: readonly number[],
  assignments: Assignments,
): MatchResult[] {
  return Array.from({ length: questionCount }, (_, q) => {
    const number = q + 1;
    const chosen = [...assignments].find(([, n]) => n === number)?.[0];
    if (chosen === undefined) return { kind: "unanswered" };
    if (answerOwner[chosen] === number) return { kind: "correct" };
    return { kind: "wrong", chosenAnswer: answers[chosen] ?? "" };
  });
}
