import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { errorResponse } from "./errors";

/**
 * Validates one part of the request with a shared zod schema. A failure answers 400 in the one
 * error shape, naming the field, before the handler runs (so nothing changes).
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return;
    const message = result.error.issues
      .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
      .join("; ");
    return errorResponse(c, "invalid_request", message);
  });
}
