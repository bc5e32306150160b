import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { isDatabaseUnavailable } from "../../db/availability";
import type { AppEnv } from "../../http/app-env";
import { errorResponse } from "../../http/errors";

/** Load balancers read 503 as "not now, try elsewhere or later", which is what a database outage is. */
export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  try {
    await c.var.db.execute(sql`select 1`);
  } catch (error) {
    // `select 1` cannot fail on its own merits; an unfamiliar failure is logged to learn its shape.
    if (!isDatabaseUnavailable(error)) console.error(error);
    c.header("Retry-After", "5");
    return errorResponse(c, "unavailable", "The database is not reachable right now. Please try again shortly.");
  }
  return c.json({ status: "ok" as const });
});
