import type { AppEnv } from "@server/http/app-env";
import { errorResponse } from "@server/http/errors";
import { signedIn } from "@server/http/session";
import { validate } from "@server/http/validate";
import { OPTIMISE_MIN_ANSWERS } from "@shared/memory/limits";
import { memoryModelSwitchInput } from "@shared/schemas/memory-model";
import { Hono } from "hono";
import { memoryModelStatus, requestFit, setMemoryModelEnabled } from "./memory-model.service";

/**
 * /api/stats/memory-model — the signed-in learner's own memory model (decision 0046): its state and
 * figures, the switch, and "Optimise now". No id in the path: only ever the learner's own.
 */
export const memoryModelRoutes = new Hono<AppEnv>()
  .get("/", signedIn, async (c) => {
    return c.json(await memoryModelStatus(c.var.db, c.var.optimiser, c.var.user.id, c.var.config.clock()));
  })
  .put("/", signedIn, validate("json", memoryModelSwitchInput), async (c) => {
    await setMemoryModelEnabled(c.var.db, c.var.user.id, c.req.valid("json").enabled);
    return c.json(await memoryModelStatus(c.var.db, c.var.optimiser, c.var.user.id, c.var.config.clock()));
  })
  .post("/optimise", signedIn, async (c) => {
    const outcome = await requestFit(c.var.db, c.var.optimiser, c.var.user.id, c.var.config.clock());
    if ("status" in outcome) return c.json(outcome.status, 202);
    switch (outcome.refused) {
      case "not_enough_answers":
        return errorResponse(
          c,
          "conflict",
          `Your own memory model needs at least ${OPTIMISE_MIN_ANSWERS} counted answers; you have ${outcome.answers}.`,
          { reason: "not_enough_answers" },
        );
      case "too_soon":
        c.header("Retry-After", String(outcome.retryAfterSeconds));
        return errorResponse(c, "rate_limited", "Your memory model can be optimised on request once an hour.", {
          reason: "optimise_once_an_hour",
        });
      case "busy":
        c.header("Retry-After", "60");
        return errorResponse(c, "unavailable", "The optimiser is busy with other learners. Try again later.");
    }
  });
