import { Hono } from "hono";
import { courseIdParams, courseInput } from "../../../shared/schemas/course";
import { deckCreateInput } from "../../../shared/schemas/deck";
import type { AppEnv } from "../../http/app-env";
import { currentUser, signedIn } from "../../http/session";
import { validate } from "../../http/validate";
import { createDeck } from "../decks/decks.service";
import { createCourse, deleteCourse, getCourseDetail, listMostFollowedCourses, updateCourse } from "./courses.service";

export const coursesRoutes = new Hono<AppEnv>()
  .post("/", signedIn, validate("json", courseInput), async (c) => {
    const course = await createCourse(c.var.db, c.var.user, c.req.valid("json"));
    return c.json(course, 201);
  })
  .get("/most-followed", async (c) => {
    const items = await listMostFollowedCourses(c.var.db);
    return c.json({ items });
  })
  .get("/:courseId", validate("param", courseIdParams), async (c) => {
    const course = await getCourseDetail(c.var.db, c.req.valid("param").courseId, await currentUser(c));
    return c.json(course);
  })
  .put("/:courseId", signedIn, validate("param", courseIdParams), validate("json", courseInput), async (c) => {
    await updateCourse(c.var.db, c.var.user, c.req.valid("param").courseId, c.req.valid("json"));
    return c.json({ ok: true as const });
  })
  .delete("/:courseId", signedIn, validate("param", courseIdParams), async (c) => {
    await deleteCourse(c.var.db, c.var.user, c.req.valid("param").courseId);
    return c.json({ ok: true as const });
  })
  .post(
    "/:courseId/decks",
    signedIn,
    validate("param", courseIdParams),
    validate("json", deckCreateInput),
    async (c) => {
      const deck = await createDeck(c.var.db, c.var.user, c.req.valid("param").courseId, c.req.valid("json"));
      return c.json(deck, 201);
    },
  );
