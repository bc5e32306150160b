import type { AppEnv } from "@server/http/app-env";
import { signedIn } from "@server/http/session";
import { validate } from "@server/http/validate";
import { courseListQuery } from "@shared/schemas/course";
import { Hono } from "hono";
import { homeLists, listPage } from "./my-courses.service";

/** GET /api/me/…: the signed-in user's course lists (never cached: app.ts marks /api/me private). */
export const myCoursesRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .get("/home", async (c) => c.json(await homeLists(c.var.db, c.var.user.id)))
  .get("/courses", validate("query", courseListQuery), async (c) => {
    const { sort, page } = c.req.valid("query");
    return c.json(await listPage(c.var.db, c.var.user.id, "own", sort, page));
  })
  .get("/followed", validate("query", courseListQuery), async (c) => {
    const { sort, page } = c.req.valid("query");
    return c.json(await listPage(c.var.db, c.var.user.id, "followed", sort, page));
  })
  .get("/in-progress", validate("query", courseListQuery), async (c) => {
    const { sort, page } = c.req.valid("query");
    return c.json(await listPage(c.var.db, c.var.user.id, "inProgress", sort, page));
  });
