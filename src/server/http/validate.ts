import { zValidator } from "@hono/zod-validator";
import { issuesFromZod } from "@shared/errors";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { errorResponse, invalidRequest } from "./errors";

/**
 * Validates one part of the request with a shared zod schema. A failure answers 400 in the one
 * error shape, with an issue per field, before the handler runs (so nothing changes).
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return;
    const { code, message, issues } = invalidRequest(issuesFromZod(result.error.issues));
    return errorResponse(c, code, message, { issues });
  });
}
