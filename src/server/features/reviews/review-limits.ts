/**
 * Per-learner limits on /api/reviews* (decision 0038), counted in the database so they hold across
 * processes. Far above what a learner does: a few thousand answers a day, or a phone's full outbox
 * (50,000 answers, decision 0035) sent after a week offline on top of a day's studying.
 */
import { hitRateLimit, type Limit, minutes } from "@server/features/accounts/rate-limit";
import type { AppEnv } from "@server/http/app-env";
import { errorResponse } from "@server/http/errors";
import type { SessionUser } from "@server/http/session-user";
import type { Context, MiddlewareHandler } from "hono";

type SignedInEnv = AppEnv & { Variables: { user: SessionUser } };

export const REVIEW_LIMITS = {
  /** Requests of one learner to /api/reviews*: the review screen makes a few a minute. */
  requests: { max: 1200, windowSeconds: minutes(10) },
  /** Answers one learner sends in 24 hours, resent ones included (a lost reply is sent again). */
  answers: { max: 60_000, windowSeconds: minutes(24 * 60) },
} satisfies Record<string, Limit>;

export const REVIEW_LIMIT_MESSAGE =
  "Too many answers or requests from this account for now. Nothing was recorded from this request; send it again after the time in Retry-After.";

function limited(c: Context<SignedInEnv>, wait: number) {
  c.header("Retry-After", String(wait));
  return errorResponse(c, "rate_limited", REVIEW_LIMIT_MESSAGE, { reason: "review_limit" });
}

/** Counts the request against the learner's request limit (after `signedIn`). */
export const reviewRequestLimit: MiddlewareHandler<SignedInEnv> = async (c, next) => {
  const wait = await hitRateLimit(c.var.db, `reviews:requests:${c.var.user.id}`, REVIEW_LIMITS.requests);
  if (wait > 0) return limited(c, wait);
  await next();
};

/** Counts a batch's answers against the learner's daily volume; a 429 reply when over it, else null. */
export async function answerVolumeExceeded(c: Context<SignedInEnv>, answers: number) {
  const wait = await hitRateLimit(c.var.db, `reviews:answers:${c.var.user.id}`, REVIEW_LIMITS.answers, answers);
  return wait > 0 ? limited(c, wait) : null;
}
