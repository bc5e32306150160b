import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The caller's IP. Behind `trustedProxies` reverse proxies it is the entry the outermost of them
 * appended to X-Forwarded-For, counted from the right: everything to its left was written by the
 * client and could name anyone. Without trusted proxies it is the socket's address.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const forwarded = forwardedAddress(c.req.header("x-forwarded-for"), trustedProxies);
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // in-process requests (tests) have no socket
  }
}

/** Several X-Forwarded-For headers arrive joined by ", ", in order, so one list covers both forms. */
export function forwardedAddress(header: string | undefined, trustedProxies: number): string | undefined {
  const entries = (header ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  // Fewer entries than proxies: the request skipped some of them, so the leftmost is all there is.
  return entries[Math.max(0, entries.length - trustedProxies)];
}
