import type { AppEnv } from "@server/http/app-env";
import { signedIn } from "@server/http/session";
import { validate } from "@server/http/validate";
import { deckIdParams } from "@shared/schemas/deck";
import { Hono } from "hono";
import { recordPass } from "./progress.service";

/** POST /api/progress/:deckId — the signed-in user passed the deck's test. */
export const progressRoutes = new Hono<AppEnv>().post(
  "/:deckId",
  signedIn,
  validate("param", deckIdParams),
  async (c) => {
    return c.json(await recordPass(c.var.db, c.var.user, c.req.valid("param").deckId));
  },
);
