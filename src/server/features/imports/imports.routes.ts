import type { AppEnv } from "@server/http/app-env";
import { signedIn } from "@server/http/session";
import { validate } from "@server/http/validate";
import { importInput } from "@shared/schemas/imports";
import { Hono } from "hono";
import { runImport } from "./imports.service";

/**
 * The one bulk request of an import (decision 0027). The request guard has already checked the
 * sign-in, the 8 MB limit and the body, in a worker thread (decision 0036).
 */
export const importsRoutes = new Hono<AppEnv>().post("/", signedIn, validate("json", importInput), async (c) => {
  const result = await runImport(c.var.db, c.var.user, c.req.valid("json"));
  return c.json(result, result.created ? 201 : 200);
});
