/**
 * FSRS's optimiser (fsrs-rs, native), loaded from its platform package (decision 0046). The npm
 * registry holds version 0.5.0 of `@open-spaced-repetition/binding` with a native build for Linux
 * x64 (glibc) only; its other platform packages stop at 0.1.2, so a lock file that names the loader
 * package cannot be installed by `npm ci` (npm wants every optional platform package in the lock).
 * The project depends on the one platform package that exists (an optional dependency: skipped
 * elsewhere) and declares here the part of its API it uses. Elsewhere loading throws, the fit
 * fails, and learners keep the default model, as for any failed fit.
 */
import { createRequire } from "node:module";

export const FSRS_NATIVE_PACKAGE = "@open-spaced-repetition/binding-linux-x64-gnu";

export interface ModelEvaluation {
  logLoss: number;
  rmseBins: number;
}

export interface FsrsBindingReview {
  readonly rating: number;
  readonly deltaT: number;
}
export type FsrsBindingItem = object;

interface FsrsNative {
  FSRSBindingReview: new (rating: number, deltaT: number) => FsrsBindingReview;
  FSRSBindingItem: new (reviews: FsrsBindingReview[]) => FsrsBindingItem;
  FSRSBinding: new (parameters?: number[]) => { evaluate(items: FsrsBindingItem[]): ModelEvaluation };
  computeParameters(
    items: FsrsBindingItem[],
    options: { enableShortTerm: boolean; numRelearningSteps?: number; timeout?: number },
  ): Promise<number[]>;
}

let loaded: FsrsNative | undefined;

/** The native optimiser; throws where the platform has no build (see above). */
export function fsrsNative(): FsrsNative {
  if (loaded) return loaded;
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(`FSRS's optimiser has no build for ${process.platform}-${process.arch}: the default model stays.`);
  }
  loaded = createRequire(import.meta.url)(FSRS_NATIVE_PACKAGE) as FsrsNative;
  return loaded;
}
