import { Hono } from "hono";
import { statsQuery } from "../../../shared/schemas/stats";
import type { AppEnv } from "../../http/app-env";
import { signedIn } from "../../http/session";
import { validate } from "../../http/validate";
import { learnerStats } from "./stats.service";

/** GET /api/stats — the signed-in learner's statistics, for the account or one course. */
export const statsRoutes = new Hono<AppEnv>().get("/", signedIn, validate("query", statsQuery), async (c) => {
  return c.json(await learnerStats(c.var.db, c.var.user, c.req.valid("query"), c.var.config.clock()));
});
