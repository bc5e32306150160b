import type { AppEnv } from "@server/http/app-env";
import { sendJson } from "@server/http/cache";
import { signedIn } from "@server/http/session";
import { validate } from "@server/http/validate";
import { deckIdParams, deckUpdateInput } from "@shared/schemas/deck";
import { Hono } from "hono";
import { deckHardCards } from "../stats/hard-cards.service";
import { deckDetailJson, deleteDeck, updateDeck } from "./decks.service";

export const decksRoutes = new Hono<AppEnv>()
  .get("/:deckId", validate("param", deckIdParams), async (c) => {
    return sendJson(c, await deckDetailJson(c.var.db, c.req.valid("param").deckId));
  })
  /** The deck's cards most often forgotten by its learners, for the course's author only (decision 0045). */
  .get("/:deckId/hard-cards", signedIn, validate("param", deckIdParams), async (c) => {
    return c.json(await deckHardCards(c.var.db, c.var.user, c.req.valid("param").deckId));
  })
  .put("/:deckId", signedIn, validate("param", deckIdParams), validate("json", deckUpdateInput), async (c) => {
    await updateDeck(c.var.db, c.var.user, c.req.valid("param").deckId, c.req.valid("json"));
    return c.json({ ok: true as const });
  })
  .delete("/:deckId", signedIn, validate("param", deckIdParams), async (c) => {
    await deleteDeck(c.var.db, c.var.user, c.req.valid("param").deckId);
    return c.json({ ok: true as const });
  });
