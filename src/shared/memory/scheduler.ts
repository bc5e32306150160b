/**
 * The one module that knows the scheduler library (ts-fsrs, pinned; decision 0021). Everything else
 * speaks in these types, so a new major version of the library changes this file only.
 *
 * A card's memory is a pure function of its answers: `replay` applies them in answer-time order
 * (ties by answer id), so the same answers give the same memory whatever order they arrived in.
 */
import { type Card, createEmptyCard, type FSRS, type Grade as FsrsGrade, fsrs, State } from "ts-fsrs";
import { DEFAULT_DESIRED_RETENTION } from "./limits";

/** Again, Hard, Good, Easy. Study modes that only know right or wrong give Good (3) or Again (1). */
export type Grade = 1 | 2 | 3 | 4;
export const GRADES: readonly Grade[] = [1, 2, 3, 4];
export const gradeFor = (right: boolean): Grade => (right ? 3 : 1);

/** Where a card stands: new (never answered), learning, review, relearning (after a lapse). */
export const MEMORY_STATES = ["new", "learning", "review", "relearning"] as const;
export type MemoryStateName = (typeof MEMORY_STATES)[number];

export interface Memory {
  due: Date;
  stability: number;
  difficulty: number;
  state: MemoryStateName;
  reps: number;
  lapses: number;
  learningSteps: number;
  scheduledDays: number;
  lastReview: Date | null;
}

export interface Answer {
  id: string;
  grade: Grade;
  answeredAt: Date;
}

const schedulers = new Map<number, FSRS>();

/** Default parameters, fuzz on; one scheduler per desired retention (0.70–0.99). */
function schedulerFor(retention: number): FSRS {
  let scheduler = schedulers.get(retention);
  if (!scheduler) {
    scheduler = fsrs({ request_retention: retention, enable_fuzz: true });
    schedulers.set(retention, scheduler);
  }
  return scheduler;
}

const stateByNumber: Record<State, MemoryStateName> = {
  [State.New]: "new",
  [State.Learning]: "learning",
  [State.Review]: "review",
  [State.Relearning]: "relearning",
};
const numberByState: Record<MemoryStateName, State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};

function toCard(memory: Memory): Card {
  return {
    due: memory.due,
    stability: memory.stability,
    difficulty: memory.difficulty,
    elapsed_days: 0,
    scheduled_days: memory.scheduledDays,
    learning_steps: memory.learningSteps,
    reps: memory.reps,
    lapses: memory.lapses,
    state: numberByState[memory.state],
    last_review: memory.lastReview ?? undefined,
  };
}

function fromCard(card: Card): Memory {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    state: stateByNumber[card.state],
    reps: card.reps,
    lapses: card.lapses,
    learningSteps: card.learning_steps,
    scheduledDays: card.scheduled_days,
    lastReview: card.last_review ?? null,
  };
}

/** The memory of a card never answered, due at once. */
export function newMemory(now: Date): Memory {
  return fromCard(createEmptyCard(now));
}

/** The memory after one more answer (given at `answer.answeredAt`). */
export function applyAnswer(memory: Memory | null, answer: Omit<Answer, "id">, retention = DEFAULT_DESIRED_RETENTION) {
  const before = memory ?? newMemory(answer.answeredAt);
  return fromCard(schedulerFor(retention).next(toCard(before), answer.answeredAt, answer.grade as FsrsGrade).card);
}

/** Answer-time order; answers given in the same millisecond by their ids. */
export function byAnswerTime(a: Answer, b: Answer): number {
  return a.answeredAt.getTime() - b.answeredAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The memory that a card's whole history gives, whatever order the answers arrived in. */
export function replay(answers: readonly Answer[], retention = DEFAULT_DESIRED_RETENTION): Memory | null {
  let memory: Memory | null = null;
  for (const answer of [...answers].sort(byAnswerTime)) memory = applyAnswer(memory, answer, retention);
  return memory;
}

/** When the card would next be due after each grade answered now: milliseconds from `now`. */
export function nextIntervals(memory: Memory | null, now: Date, retention = DEFAULT_DESIRED_RETENTION) {
  const preview = schedulerFor(retention).repeat(toCard(memory ?? newMemory(now)), now);
  const intervals = {} as Record<Grade, number>;
  for (const grade of GRADES) intervals[grade] = preview[grade as FsrsGrade].card.due.getTime() - now.getTime();
  return intervals;
}

/** The chance the card is recalled at `at` (FSRS's retrievability); 0 for a card never answered. */
export function retrievability(memory: Memory | null, at: Date, retention = DEFAULT_DESIRED_RETENTION): number {
  if (!memory?.lastReview) return 0;
  return schedulerFor(retention).get_retrievability(toCard(memory), at, false);
}
