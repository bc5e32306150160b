import type { AppEnv } from "@server/http/app-env";
import { clientAddress } from "@server/http/client-address";
import { compressStream } from "@server/http/compression";
import { errorResponse } from "@server/http/errors";
import { validate } from "@server/http/validate";
import { EXPORT_RATE_LIMIT } from "@shared/limits";
import { courseIdParams } from "@shared/schemas/course";
import { exportQuery } from "@shared/schemas/exports";
import { Hono } from "hono";
import { hitRateLimit } from "../accounts/rate-limit";
import { exportCourse } from "./exports.service";

/** A build waits at most a few seconds in the queue; try again after about that. */
const BUSY_RETRY_SECONDS = 10;

/**
 * GET /api/exports/:courseId?format=csv|quizlet|apkg: a download of any course (all courses are
 * public), limited per client address (decision 0037). The reply may be stored and is checked again
 * each time (`no-cache` and an ETag of the course version): an unchanged course answers 304.
 */
export const exportsRoutes = new Hono<AppEnv>().get(
  "/:courseId",
  validate("param", courseIdParams),
  validate("query", exportQuery),
  async (c) => {
    const address = clientAddress(c, c.var.config.trustProxy);
    const wait = await hitRateLimit(c.var.db, `ip:exports:${address}`, EXPORT_RATE_LIMIT);
    if (wait > 0) {
      c.header("Retry-After", String(wait));
      return errorResponse(c, "rate_limited", "Too many exports from this address. Please wait and try again.");
    }
    const reply = await exportCourse(
      c.var.db,
      c.var.exports,
      c.req.valid("param").courseId,
      c.req.valid("query").format,
      { origin: c.var.config.origin, now: c.var.config.clock(), ifNoneMatch: c.req.header("if-none-match") },
    );
    if (reply.kind === "busy") {
      c.header("Retry-After", String(BUSY_RETRY_SECONDS));
      return errorResponse(c, "unavailable", "The server is busy building other exports. Please try again shortly.");
    }
    const headers = { ETag: reply.etag, "Cache-Control": "no-cache" };
    if (reply.kind === "not-modified") return c.body(null, 304, headers);
    const fileHeaders = { ...headers, "Content-Type": reply.contentType, "Content-Disposition": reply.disposition };
    if (reply.body instanceof Uint8Array) return c.body(reply.body, 200, fileHeaders);
    const streamed = compressStream(reply.body, c.req.header("accept-encoding"));
    return c.body(streamed.body, 200, { ...fileHeaders, ...streamed.headers });
  },
);
