import { Hono } from "hono";
import { courseIdParams } from "../../../shared/schemas/course";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import { getCourseDetail, listMostFollowedCourses } from "./courses.service";

export const coursesRoutes = new Hono<AppEnv>()
  .get("/most-followed", async (c) => {
    const items = await listMostFollowedCourses(c.var.db);
    return c.json({ items });
  })
  .get("/:courseId", validate("param", courseIdParams), async (c) => {
    const course = await getCourseDetail(c.var.db, c.req.valid("param").courseId);
    return c.json(course);
  });
