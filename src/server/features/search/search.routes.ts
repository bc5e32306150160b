import { Hono } from "hono";
import { searchQuery } from "../../../shared/schemas/course";
import type { AppEnv } from "../../http/app-env";
import { sendJson } from "../../http/cache";
import { validate } from "../../http/validate";
import { searchJson } from "./search.service";

export const searchRoutes = new Hono<AppEnv>().get("/", validate("query", searchQuery), async (c) =>
  sendJson(c, await searchJson(c.var.db, c.req.valid("query").q)),
);
