import type { Auth } from "../auth";
import type { AppConfig } from "../config";
import type { Database } from "../db/client";
import type { ExportRuntime } from "../features/exports/exports.service";
import type { Optimiser } from "../features/memory-model/optimiser";

/** What every request handler can reach through `c.var`. */
export interface AppEnv {
  Variables: {
    db: Database;
    auth: Auth;
    config: AppConfig;
    /** Export builds (worker threads) and built files, per app. */
    exports: ExportRuntime;
    /** Learners' memory models, fitted in the background (a worker thread), per app. */
    optimiser: Optimiser;
  };
}
