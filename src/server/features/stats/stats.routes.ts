import type { AppEnv } from "@server/http/app-env";
import { signedIn } from "@server/http/session";
import { validate } from "@server/http/validate";
import { leechesQuery, statsQuery } from "@shared/schemas/stats";
import { Hono } from "hono";
import { learnerLeeches } from "./hard-cards.service";
import { learnerStats } from "./stats.service";

export const statsRoutes = new Hono<AppEnv>()
  /** GET /api/stats — the signed-in learner's statistics, for the account or one course. */
  .get("/", signedIn, validate("query", statsQuery), async (c) => {
    return c.json(await learnerStats(c.var.db, c.var.user, c.req.valid("query"), c.var.config.clock()));
  })
  /** GET /api/stats/leeches — the signed-in learner's leeches, for the account or one course. */
  .get("/leeches", signedIn, validate("query", leechesQuery), async (c) => {
    return c.json(await learnerLeeches(c.var.db, c.var.user, c.req.valid("query")));
  });
