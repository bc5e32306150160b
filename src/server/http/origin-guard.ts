import type { MiddlewareHandler } from "hono";
import { errorResponse } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses writes from other sites. Browsers send Origin with every write; a write that carries a
 * cookie but no Origin did not come from our pages either.
 */
export function originGuard(trustedOrigins: readonly string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const refused = origin ? !trusted.has(origin) : Boolean(c.req.header("cookie"));
    if (refused) return errorResponse(c, "forbidden", "Requests from other sites are not accepted.");
    return next();
  };
}
