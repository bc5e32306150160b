/**
 * Fitting a learner's memory model (decision 0046), run only in the optimiser's child process
 * (optimiser-child.ts; never imported by the server itself, so the native optimiser is never loaded
 * into the server's process): FSRS's own optimiser (fsrs-rs, its native build loaded by fsrs-native.ts,
 * pinned) on the training set the server read, then both the defaults and the new weights scored on
 * the same answers. Throws when the optimiser fails or gives weights the scheduler cannot use; the
 * server records that and keeps the defaults.
 */

import { DEFAULT_PARAMETERS, PARAMETER_COUNT, usableParameters } from "@shared/memory/scheduler";
import { type FsrsBindingItem, type FsrsBindingReview, fsrsNative, type ModelEvaluation } from "./fsrs-native";
import type { ModelFit, OptimiseResult } from "./optimiser-messages";
import type { TrainingSet } from "./training-set";

/**
 * One item per answer given a day or more after the card's previous one: the card's answers up to
 * and including it, the prediction to check being that answer. As Anki makes them: same-day answers
 * are in the histories (short-term memory) but are not predicted, and fsrs-rs refuses items without
 * a day's gap (evaluation fails; training stops the whole process with a panic it does not catch).
 */
export function trainingItems(set: TrainingSet): FsrsBindingItem[] {
  const { FSRSBindingItem, FSRSBindingReview } = fsrsNative();
  const items: FsrsBindingItem[] = [];
  for (let card = 0; card + 1 < set.cardStarts.length; card += 1) {
    const start = set.cardStarts[card] ?? 0;
    const end = set.cardStarts[card + 1] ?? start;
    const reviews: FsrsBindingReview[] = [];
    for (let i = start; i < end; i += 1) {
      const delta = i === start ? 0 : (set.deltaDays[i] ?? 0);
      reviews.push(new FSRSBindingReview(set.ratings[i] ?? 3, delta));
      if (delta > 0) items.push(new FSRSBindingItem(reviews.slice()));
    }
  }
  return items;
}

function fitFrom(evaluation: ModelEvaluation): ModelFit {
  return { logLoss: evaluation.logLoss, rmse: evaluation.rmseBins };
}

/** Fits weights to the items and scores them beside the defaults. */
export async function fitItems(items: FsrsBindingItem[]): Promise<OptimiseResult> {
  // Our schedule has one relearning step (ts-fsrs's default, 10 minutes) and short-term memory on.
  // Progress is polled every `timeout` ms and the result waits for the last poll: 50 ms, not 500.
  const { computeParameters, FSRSBinding } = fsrsNative();
  const parameters = await computeParameters(items, { enableShortTerm: true, numRelearningSteps: 1, timeout: 50 });
  const given = `${parameters.length} weights (${parameters.join(", ")})`;
  if (!usableParameters(parameters))
    throw new Error(`the optimiser gave ${given}, not ${PARAMETER_COUNT} finite numbers`);
  const defaults = fitFrom(new FSRSBinding([...DEFAULT_PARAMETERS]).evaluate(items));
  const personal = fitFrom(new FSRSBinding(parameters).evaluate(items));
  for (const value of [defaults.logLoss, defaults.rmse, personal.logLoss, personal.rmse]) {
    if (!Number.isFinite(value)) throw new Error("the evaluation of the weights is not a number");
  }
  return { parameters, items: items.length, defaults, personal };
}
