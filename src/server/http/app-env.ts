import type { Auth } from "../auth";
import type { AppConfig } from "../config";
import type { Database } from "../db/client";

/** What every request handler can reach through `c.var`. */
export interface AppEnv {
  Variables: {
    db: Database;
    auth: Auth;
    config: AppConfig;
  };
}
