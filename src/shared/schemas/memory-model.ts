import { z } from "zod";

/** PUT /api/stats/memory-model: the learner's "Use my own memory model" switch. */
export const memoryModelSwitchInput = z.object({
  enabled: z.boolean("validation.invalid_value"),
});
export type MemoryModelSwitch = z.output<typeof memoryModelSwitchInput>;

/** How well a model predicts the learner's answers; lower is better for both. */
export interface ModelFitFigures {
  logLoss: number;
  /** Root mean square error of predicted against actual recall (0–1). */
  rmse: number;
}

/**
 * Where the learner's own memory model stands (decision 0046):
 * - collecting: fewer counted answers than the minimum, nothing fitted yet;
 * - ready: enough answers, not fitted yet (it is fitted after their next answers, or now on request);
 * - queued / running: a fit waits or runs;
 * - done: the last fit finished (its figures in `fit`);
 * - failed: the last fit failed (the earlier weights, or the defaults, stay).
 */
export const MEMORY_MODEL_STATES = ["collecting", "ready", "queued", "running", "done", "failed"] as const;
export type MemoryModelState = (typeof MEMORY_MODEL_STATES)[number];

export interface MemoryModelStatus {
  state: MemoryModelState;
  /** Counted answers, counted up to `minAnswers` only (enough is enough). */
  answers: number;
  minAnswers: number;
  /** The learner's switch (on unless they turned it off). */
  enabled: boolean;
  /** Whether their own weights schedule their reviews now (switch on and weights better than the defaults). */
  inUse: boolean;
  /** The last successful fit: when, from how many answers, and both models' figures on them. */
  fit: {
    optimisedAt: string;
    answersUsed: number;
    defaults: ModelFitFigures;
    personal: ModelFitFigures;
    /** Whether the fitted weights predict better than the defaults (else the defaults stay). */
    better: boolean;
  } | null;
  /** When "Optimise now" may be used again (null: now, if there are enough answers). */
  nextRequestAt: string | null;
}
