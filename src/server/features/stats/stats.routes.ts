import type { AppEnv } from "@server/http/app-env";
import { signedIn } from "@server/http/session";
import { validate } from "@server/http/validate";
import { statsQuery } from "@shared/schemas/stats";
import { Hono } from "hono";
import { learnerStats } from "./stats.service";

/** GET /api/stats — the signed-in learner's statistics, for the account or one course. */
export const statsRoutes = new Hono<AppEnv>().get("/", signedIn, validate("query", statsQuery), async (c) => {
  return c.json(await learnerStats(c.var.db, c.var.user, c.req.valid("query"), c.var.config.clock()));
});
