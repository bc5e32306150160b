import type { AppEnv } from "@server/http/app-env";
import { HttpError } from "@server/http/errors";
import { signedIn } from "@server/http/session";
import { validate } from "@server/http/validate";
import { CARD_ANSWERS_PER_DAY_MAX } from "@shared/memory/limits";
import { courseIdParams } from "@shared/schemas/course";
import {
  examDateInput,
  reviewBatchInput,
  reviewInput,
  reviewQueueQuery,
  reviewSettingsInput,
  reviewSummaryQuery,
} from "@shared/schemas/review";
import { Hono } from "hono";
import { examDateOf, removeExamDate, setExamDate } from "./exam-dates.service";
import { reviewQueue, reviewSummary } from "./queue.service";
import { answerVolumeExceeded, reviewRequestLimit } from "./review-limits";
import { type ReviewRefusal, recordReviews, saveSettings, settingsOf } from "./reviews.service";

const REFUSALS = {
  card_not_found: new HttpError("not_found", "Flashcard not found."),
  answered_in_future: new HttpError("invalid_request", "The answer time is in the future."),
  answered_too_long_ago: new HttpError("invalid_request", "The answer time is more than a year ago."),
  card_answers_per_day: new HttpError(
    "invalid_request",
    `This card already has ${CARD_ANSWERS_PER_DAY_MAX} answers on that day; more are not recorded.`,
  ),
} satisfies Record<ReviewRefusal, HttpError>;

/** The signed-in learner's answers, review queue and review settings (decision 0021). */
export const reviewsRoutes = new Hono<AppEnv>()
  .post("/", signedIn, reviewRequestLimit, validate("json", reviewInput), async (c) => {
    const overLimit = await answerVolumeExceeded(c, 1);
    if (overLimit) return overLimit;
    const [outcome] = await recordReviews(c.var.db, c.var.user, [c.req.valid("json")], c.var.config.clock());
    if (!outcome) throw new Error("no outcome for a recorded answer");
    if (outcome.status === "recorded") c.var.optimiser.answersRecorded(c.var.user.id);
    if (outcome.status === "refused") throw REFUSALS[outcome.reason];
    return c.json(outcome, outcome.status === "recorded" ? 201 : 200);
  })
  .post("/batch", signedIn, reviewRequestLimit, validate("json", reviewBatchInput), async (c) => {
    const { reviews } = c.req.valid("json");
    const overLimit = await answerVolumeExceeded(c, reviews.length);
    if (overLimit) return overLimit;
    const results = await recordReviews(c.var.db, c.var.user, reviews, c.var.config.clock());
    // Never waited for: at most a check now and then, and a fit in the background (decision 0046).
    if (results.some((result) => result.status === "recorded")) c.var.optimiser.answersRecorded(c.var.user.id);
    return c.json({ results });
  })
  .get("/queue", signedIn, reviewRequestLimit, validate("query", reviewQueueQuery), async (c) => {
    return c.json(await reviewQueue(c.var.db, c.var.user, c.req.valid("query"), c.var.config.clock()));
  })
  .get("/summary", signedIn, reviewRequestLimit, validate("query", reviewSummaryQuery), async (c) => {
    return c.json(await reviewSummary(c.var.db, c.var.user, c.req.valid("query"), c.var.config.clock()));
  })
  .get("/settings", signedIn, reviewRequestLimit, async (c) => {
    // The memory model's weights are the scheduler's, not a setting the learner edits here.
    const { parameters: _weights, ...settings } = await settingsOf(c.var.db, c.var.user.id);
    return c.json(settings);
  })
  .put("/settings", signedIn, reviewRequestLimit, validate("json", reviewSettingsInput), async (c) => {
    return c.json(await saveSettings(c.var.db, c.var.user, c.req.valid("json")));
  })
  .get("/exam-dates/:courseId", signedIn, reviewRequestLimit, validate("param", courseIdParams), async (c) => {
    const { courseId } = c.req.valid("param");
    return c.json(await examDateOf(c.var.db, c.var.user, courseId, c.var.config.clock()));
  })
  .put(
    "/exam-dates/:courseId",
    signedIn,
    reviewRequestLimit,
    validate("param", courseIdParams),
    validate("json", examDateInput),
    async (c) => {
      const { courseId } = c.req.valid("param");
      const { examOn } = c.req.valid("json");
      return c.json(await setExamDate(c.var.db, c.var.user, courseId, examOn, c.var.config.clock()));
    },
  )
  .delete("/exam-dates/:courseId", signedIn, reviewRequestLimit, validate("param", courseIdParams), async (c) => {
    const { courseId } = c.req.valid("param");
    return c.json(await removeExamDate(c.var.db, c.var.user, courseId, c.var.config.clock()));
  });
