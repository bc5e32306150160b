import type { AppEnv } from "@server/http/app-env";
import { sendJson } from "@server/http/cache";
import { sessionToken, signedIn } from "@server/http/session";
import { validate } from "@server/http/validate";
import { courseIdParams, courseInput } from "@shared/schemas/course";
import { deckCreateInput } from "@shared/schemas/deck";
import { Hono } from "hono";
import { createDeck } from "../decks/decks.service";
import {
  courseDetailJson,
  coursePracticeJson,
  createCourse,
  deleteCourse,
  mostFollowedJson,
  updateCourse,
} from "./courses.service";

export const coursesRoutes = new Hono<AppEnv>()
  .post("/", signedIn, validate("json", courseInput), async (c) => {
    const course = await createCourse(c.var.db, c.var.user, c.req.valid("json"));
    return c.json(course, 201);
  })
  .get("/most-followed", async (c) => sendJson(c, await mostFollowedJson(c.var.db)))
  .get("/:courseId", validate("param", courseIdParams), async (c) => {
    // The session is resolved inside the course statement: a signed-in read is still one statement.
    const token = await sessionToken(c);
    const body = await courseDetailJson(c.var.db, c.req.valid("param").courseId, token);
    // Signed in, the reply says what this viewer passed and follows: never stored. A visitor's
    // reply is public; it varies with the cookie so that no cache serves it to a signed-in user.
    return sendJson(c, body, { personal: token !== null, varyOnCookie: true });
  })
  // Practice (issue #23 item 4): the cards are public, as the course and its decks are. With more
  // than PRACTICE_MAX_CARDS the reply is a random choice: public, but never the same twice.
  .get("/:courseId/cards", validate("param", courseIdParams), async (c) =>
    sendJson(c, await coursePracticeJson(c.var.db, c.req.valid("param").courseId)),
  )
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
