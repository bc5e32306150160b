/**
 * What the server and the optimiser's child process say to each other (decision 0046): the server
 * sends one task (a training set), the child answers once (the fit, or why it failed) and exits.
 * Node's "advanced" IPC serialization carries the typed arrays as they are. Each side checks what
 * it receives before using it: the child the task (here, by hand: the child loads no more code than
 * it needs, as it starts for every fit), the server the reply (optimiser-process.ts, with zod).
 */
import { OPTIMISE_MAX_ANSWERS } from "@shared/memory/limits";
import type { TrainingSet } from "./training-set";

export interface OptimiseTask {
  type: "optimise";
  set: TrainingSet;
}

/** How well a set of weights predicts the learner's answers: lower is better for both. */
export interface ModelFit {
  /** Mean log loss of the predicted recall against what happened. */
  logLoss: number;
  /** Root mean square error of predicted against actual recall, over bins of similar predictions (0–1). */
  rmse: number;
}

export interface OptimiseResult {
  parameters: number[];
  /** Training items (answers with a history before them) the optimiser saw. */
  items: number;
  defaults: ModelFit;
  personal: ModelFit;
}

/** The child's one reply (the server checks it: optimiser-process.ts). */
export type ChildReply =
  | {
      type: "result";
      result: OptimiseResult;
      /** The fit itself, in the child (ms). */
      fitMs: number;
      /** The child's CPU time from its start to the reply (ms): start-up, the fit, all its threads. */
      cpuMs: number;
      /** The child's peak resident memory up to the reply (MB). */
      peakMemoryMb: number;
    }
  | { type: "failed"; error: string };

/** The longest error text a child sends (the learner's row keeps 500 characters of it). */
export const CHILD_ERROR_MAX = 2000;

export function failedReply(error: unknown): ChildReply {
  // The server records it as an Error's message: "Error: " is not repeated.
  const text =
    error instanceof Error
      ? error.name === "Error"
        ? error.message
        : `${error.name}: ${error.message}`
      : String(error);
  return { type: "failed", error: text.slice(0, CHILD_ERROR_MAX) };
}

/**
 * The training set of a task, checked as the optimiser needs it: typed arrays of matching lengths,
 * at most OPTIMISE_MAX_ANSWERS answers, cards that start at 0 and follow each other without gaps or
 * overlaps, grades 1–4. Throws on anything else.
 */
export function taskSetFrom(message: unknown): TrainingSet {
  if (typeof message !== "object" || message === null) throw new Error("the task is not an object");
  const { type, set } = message as Partial<Record<keyof OptimiseTask, unknown>>;
  if (type !== "optimise" || typeof set !== "object" || set === null) throw new Error("the task is not a fit");
  const { cardStarts, ratings, deltaDays } = set as Partial<Record<keyof TrainingSet, unknown>>;
  if (!(cardStarts instanceof Uint32Array && ratings instanceof Uint8Array && deltaDays instanceof Uint32Array)) {
    throw new Error("the training set is not three typed arrays");
  }
  const answers = ratings.length;
  if (answers > OPTIMISE_MAX_ANSWERS) throw new Error(`the training set has ${answers} answers`);
  if (deltaDays.length !== answers) throw new Error("the training set's days and grades differ in length");
  if (cardStarts.length === 0 || cardStarts.length > answers + 1 || cardStarts[0] !== 0) {
    throw new Error("the training set's cards do not start at its first answer");
  }
  if (cardStarts[cardStarts.length - 1] !== answers) throw new Error("the training set's cards do not end at its end");
  for (let card = 1; card < cardStarts.length; card += 1) {
    if ((cardStarts[card] ?? 0) <= (cardStarts[card - 1] ?? 0)) throw new Error("a card of the training set is empty");
  }
  for (const rating of ratings)
    if (rating < 1 || rating > 4) throw new Error(`a grade of ${rating} in the training set`);
  return { cardStarts, ratings, deltaDays };
}

/** How the child ends when not with a reply: what the server's error says. */
export const CHILD_EXIT = {
  /** Started without an IPC channel (not by fork). */
  usage: 2,
  /** The server went away (the channel closed) before the reply. */
  orphaned: 3,
  /** Its memory grew past the limit the server gave it. */
  memory: 4,
} as const;
