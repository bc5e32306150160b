import { databaseAnswers } from "@server/db/availability";
import { eventLoopDelay } from "@server/event-loop-delay";
import type { AppEnv } from "@server/http/app-env";
import { databaseAwayResponse } from "@server/http/errors";
import { Hono } from "hono";

/**
 * Load balancers read 503 as "not now, try elsewhere or later", which is what a database outage is.
 * The event loop's delay (p99 and max of the last 10 to 20 s, in ms) shows an operator a stall.
 */
export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  if (!(await databaseAnswers(c.var.db))) return databaseAwayResponse(c);
  return c.json({ status: "ok" as const, eventLoopDelay: eventLoopDelay().summary() });
});
