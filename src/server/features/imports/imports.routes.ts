import type { AppEnv } from "@server/http/app-env";
import { errorResponse } from "@server/http/errors";
import { signedIn } from "@server/http/session";
import { validate } from "@server/http/validate";
import { IMPORT_MAX_BODY_BYTES, importInput } from "@shared/schemas/imports";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { runImport } from "./imports.service";

/** The one bulk request of an import (decision 0027); the app's general body limit skips this path. */
export const importsRoutes = new Hono<AppEnv>().post(
  "/",
  bodyLimit({
    maxSize: IMPORT_MAX_BODY_BYTES,
    onError: (c) => errorResponse(c, "invalid_request", "The import is too large."),
  }),
  signedIn,
  validate("json", importInput),
  async (c) => {
    const result = await runImport(c.var.db, c.var.user, c.req.valid("json"));
    return c.json(result, result.created ? 201 : 200);
  },
);
