import type { AppEnv } from "@server/http/app-env";
import { errorResponse } from "@server/http/errors";
import { signedIn } from "@server/http/session";
import { validate } from "@server/http/validate";
import { READINGS_RATE_LIMIT } from "@shared/limits";
import { type ReadingsSuggestion, readingsInput } from "@shared/schemas/readings";
import { Hono } from "hono";
import { hitRateLimit } from "../accounts/rate-limit";
import { suggestReadings } from "./reading-alignment";
import { analyseInWorker, ReadingsBusy } from "./readings-pool";

/** The queue holds a few seconds of work at most: try again after about that. */
const BUSY_RETRY_SECONDS = 5;

/**
 * POST /api/readings `{ text }` → `{ text }` with readings suggested in Anki's syntax (decision
 * 0053), for the deck editor: signed-in only, limited per account, the text bounded by its schema
 * and the analyser's queue before any analysis. Nothing is stored.
 */
export const readingsRoutes = new Hono<AppEnv>().post("/", signedIn, validate("json", readingsInput), async (c) => {
  const wait = await hitRateLimit(c.var.db, `readings:${c.var.user.id}`, READINGS_RATE_LIMIT);
  if (wait > 0) {
    c.header("Retry-After", String(wait));
    return errorResponse(
      c,
      "rate_limited",
      "Too many reading suggestions from this account. Please wait and try again.",
      {
        reason: "readings_limit",
      },
    );
  }
  try {
    const text = await suggestReadings(c.req.valid("json").text, analyseInWorker);
    return c.json({ text } satisfies ReadingsSuggestion);
  } catch (error) {
    if (!(error instanceof ReadingsBusy)) throw error;
    c.header("Retry-After", String(BUSY_RETRY_SECONDS));
    return errorResponse(c, "unavailable", "The server is busy suggesting other readings. Please try again shortly.");
  }
});
