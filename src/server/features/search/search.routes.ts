import { Hono } from "hono";
import { searchQuery } from "../../../shared/schemas/course";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import { searchCourses } from "./search.service";

export const searchRoutes = new Hono<AppEnv>().get("/", validate("query", searchQuery), async (c) =>
  c.json({ items: await searchCourses(c.var.db, c.req.valid("query").q) }),
);
