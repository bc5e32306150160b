/**
 * The one module that knows the scheduler library (ts-fsrs, pinned; decision 0021). Everything else
 * speaks in these types, so a new major version of the library changes this file only.
 *
 * A card's memory is a pure function of its answers: `replay` applies them in answer-time order
 * (ties by answer id), so the same answers give the same memory whatever order they arrived in.
 */
import { type Card, createEmptyCard, default_w, type FSRS, type Grade as FsrsGrade, fsrs, State } from "ts-fsrs";
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

/**
 * A learner's own weights (w) for the memory model, as the optimiser makes them (decision 0046):
 * FSRS-6's 21 numbers, the count this ts-fsrs expects. Null or absent: the defaults.
 */
export type MemoryParameters = readonly number[];

/** The defaults this ts-fsrs schedules with (FSRS-6). */
export const DEFAULT_PARAMETERS: MemoryParameters = Object.freeze([...default_w]);
export const PARAMETER_COUNT = DEFAULT_PARAMETERS.length;

/**
 * Whether `parameters` can schedule: the count this library expects and every one a finite number.
 * ts-fsrs itself would turn a NaN into a bound and accept 17 or 19 (older models): refused here
 * instead, so a broken or foreign set falls back to the defaults as a whole.
 */
export function usableParameters(parameters: MemoryParameters | null | undefined): parameters is MemoryParameters {
  return (
    Array.isArray(parameters) &&
    parameters.length === PARAMETER_COUNT &&
    parameters.every((value) => typeof value === "number" && Number.isFinite(value))
  );
}

const weightsKeys = new WeakMap<MemoryParameters, string>();
/** The weights as text, made once per array (the queue previews 50 cards with the same one). */
function weightsKey(w: MemoryParameters): string {
  let key = weightsKeys.get(w);
  if (key === undefined) {
    key = w.join(",");
    weightsKeys.set(w, key);
  }
  return key;
}

/** Schedulers kept, by retention and weights; the oldest made goes first beyond this. */
const SCHEDULER_CACHE_SIZE = 512;
const schedulers = new Map<string, FSRS>();

/**
 * Fuzz on; one scheduler per desired retention (0.70–0.99) and weights. Weights that cannot
 * schedule (usableParameters) give the defaults' scheduler: a learner's broken model never fails an answer.
 */
function schedulerFor(retention: number, parameters?: MemoryParameters | null): FSRS {
  const w = usableParameters(parameters) ? parameters : null;
  const key = w ? `${retention}|${weightsKey(w)}` : String(retention);
  let scheduler = schedulers.get(key);
  if (!scheduler) {
    scheduler = fsrs({ request_retention: retention, enable_fuzz: true, ...(w && { w: [...w] }) });
    if (schedulers.size >= SCHEDULER_CACHE_SIZE) {
      const oldest = schedulers.keys().next().value;
      if (oldest !== undefined) schedulers.delete(oldest);
    }
    schedulers.set(key, scheduler);
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

/** The memory after one more answer (given at `answer.answeredAt`), with the learner's weights if given. */
export function applyAnswer(
  memory: Memory | null,
  answer: Omit<Answer, "id">,
  retention = DEFAULT_DESIRED_RETENTION,
  parameters?: MemoryParameters | null,
) {
  const before = memory ?? newMemory(answer.answeredAt);
  const scheduler = schedulerFor(retention, parameters);
  return fromCard(scheduler.next(toCard(before), answer.answeredAt, answer.grade as FsrsGrade).card);
}

/** Answer-time order; answers given in the same millisecond by their ids. */
export function byAnswerTime(a: Answer, b: Answer): number {
  return a.answeredAt.getTime() - b.answeredAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The memory that a card's whole history gives, whatever order the answers arrived in. */
export function replay(
  answers: readonly Answer[],
  retention = DEFAULT_DESIRED_RETENTION,
  parameters?: MemoryParameters | null,
): Memory | null {
  let memory: Memory | null = null;
  for (const answer of [...answers].sort(byAnswerTime)) memory = applyAnswer(memory, answer, retention, parameters);
  return memory;
}

/** When the card would next be due after each grade answered now: milliseconds from `now`. */
export function nextIntervals(
  memory: Memory | null,
  now: Date,
  retention = DEFAULT_DESIRED_RETENTION,
  parameters?: MemoryParameters | null,
) {
  const preview = schedulerFor(retention, parameters).repeat(toCard(memory ?? newMemory(now)), now);
  const intervals = {} as Record<Grade, number>;
  for (const grade of GRADES) intervals[grade] = preview[grade as FsrsGrade].card.due.getTime() - now.getTime();
  return intervals;
}

/** The chance (0–1) of recalling the card at `now`, by the model with these weights (the defaults if none). */
export function retrievability(memory: Memory, now: Date, parameters?: MemoryParameters | null): number {
  if (memory.state === "new") return 0;
  return schedulerFor(DEFAULT_DESIRED_RETENTION, parameters).get_retrievability(toCard(memory), now, false);
}
