import type { AppEnv } from "@server/http/app-env";
import { sendJson } from "@server/http/cache";
import { validate } from "@server/http/validate";
import { searchQuery } from "@shared/schemas/course";
import { Hono } from "hono";
import { searchJson } from "./search.service";

export const searchRoutes = new Hono<AppEnv>().get("/", validate("query", searchQuery), async (c) =>
  sendJson(
    c,
    await searchJson(c.var.db, c.req.valid("query").q, {
      shortCacheMs: c.var.config.shortSearchCacheMs,
      now: c.var.config.clock,
    }),
  ),
);
