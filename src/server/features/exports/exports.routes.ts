import type { AppEnv } from "@server/http/app-env";
import { validate } from "@server/http/validate";
import { courseIdParams } from "@shared/schemas/course";
import { exportQuery } from "@shared/schemas/exports";
import { Hono } from "hono";
import { exportCourse } from "./exports.service";

/** GET /api/exports/:courseId?format=csv|quizlet|apkg: a download of any course (all courses are public). */
export const exportsRoutes = new Hono<AppEnv>().get(
  "/:courseId",
  validate("param", courseIdParams),
  validate("query", exportQuery),
  async (c) => {
    const file = await exportCourse(c.var.db, c.req.valid("param").courseId, c.req.valid("query").format, {
      origin: c.var.config.origin,
      now: c.var.config.clock(),
    });
    return c.body(file.body, 200, {
      "Content-Type": file.contentType,
      "Content-Disposition": file.disposition,
      // Built afresh from the course as it is now; no cache keeps an old copy.
      "Cache-Control": "no-store",
    });
  },
);
