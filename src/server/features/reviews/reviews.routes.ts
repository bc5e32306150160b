import type { AppEnv } from "@server/http/app-env";
import { HttpError } from "@server/http/errors";
import { signedIn } from "@server/http/session";
import { validate } from "@server/http/validate";
import {
  reviewBatchInput,
  reviewInput,
  reviewQueueQuery,
  reviewSettingsInput,
  reviewSummaryQuery,
} from "@shared/schemas/review";
import { Hono } from "hono";
import { reviewQueue, reviewSummary } from "./queue.service";
import { recordReviews, saveSettings, settingsOf } from "./reviews.service";

const REFUSALS = {
  card_not_found: new HttpError("not_found", "Flashcard not found."),
  answered_in_future: new HttpError("invalid_request", "The answer time is in the future."),
  answered_too_long_ago: new HttpError("invalid_request", "The answer time is more than a year ago."),
} as const;

/** The signed-in learner's answers, review queue and review settings (decision 0021). */
export const reviewsRoutes = new Hono<AppEnv>()
  .post("/", signedIn, validate("json", reviewInput), async (c) => {
    const [outcome] = await recordReviews(c.var.db, c.var.user, [c.req.valid("json")], c.var.config.clock());
    if (!outcome) throw new Error("no outcome for a recorded answer");
    if (outcome.status === "refused") throw REFUSALS[outcome.reason];
    return c.json(outcome, outcome.status === "recorded" ? 201 : 200);
  })
  .post("/batch", signedIn, validate("json", reviewBatchInput), async (c) => {
    const { reviews } = c.req.valid("json");
    return c.json({ results: await recordReviews(c.var.db, c.var.user, reviews, c.var.config.clock()) });
  })
  .get("/queue", signedIn, validate("query", reviewQueueQuery), async (c) => {
    return c.json(await reviewQueue(c.var.db, c.var.user, c.req.valid("query"), c.var.config.clock()));
  })
  .get("/summary", signedIn, validate("query", reviewSummaryQuery), async (c) => {
    return c.json(await reviewSummary(c.var.db, c.var.user, c.req.valid("query"), c.var.config.clock()));
  })
  .get("/settings", signedIn, async (c) => c.json(await settingsOf(c.var.db, c.var.user.id)))
  .put("/settings", signedIn, validate("json", reviewSettingsInput), async (c) => {
    return c.json(await saveSettings(c.var.db, c.var.user, c.req.valid("json")));
  });
