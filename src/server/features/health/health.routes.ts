import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../../http/app-env";
import { errorResponse } from "../../http/errors";

export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  try {
    await c.var.db.execute(sql`select 1`);
  } catch {
    return errorResponse(c, "internal", "The database is not reachable.");
  }
  return c.json({ status: "ok" as const });
});
