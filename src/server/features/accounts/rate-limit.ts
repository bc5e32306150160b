/**
 * Fixed-window counters in the database, so limits hold across processes. One atomic upsert per
 * check: the count restarts when the window has passed.
 */

import { type Database, queryRows } from "@server/db/client";
import { rateLimits } from "@server/db/schema";
import { eq, sql } from "drizzle-orm";

export interface Limit {
  max: number;
  windowSeconds: number;
}

export const minutes = (n: number) => n * 60;

/**
 * Per auth endpoint: how many attempts per client address and per account within a window.
 * Sign-in has no per-account entry here: its account limits count failures (sign-in-guard.ts).
 */
export const AUTH_LIMITS: Record<string, { perIp: Limit; perAccount?: Limit }> = {
  "/sign-in/email": {
    perIp: { max: 50, windowSeconds: minutes(15) },
  },
  "/sign-up/email": {
    perIp: { max: 20, windowSeconds: minutes(60) },
    perAccount: { max: 5, windowSeconds: minutes(60) },
  },
  "/request-password-reset": {
    perIp: { max: 20, windowSeconds: minutes(15) },
    perAccount: { max: 3, windowSeconds: minutes(15) },
  },
  "/reset-password": {
    perIp: { max: 20, windowSeconds: minutes(15) },
    perAccount: { max: 10, windowSeconds: minutes(15) },
  },
  "/change-password": {
    perIp: { max: 30, windowSeconds: minutes(15) },
    perAccount: { max: 5, windowSeconds: minutes(15) },
  },
  // Per account: SIGN_IN_LINK_PER_ACCOUNT (sign-in-link.ts), answered as if sent.
  "/sign-in/magic-link": {
    perIp: { max: 10, windowSeconds: minutes(15) },
  },
  "/send-verification-email": {
    perIp: { max: 20, windowSeconds: minutes(15) },
    perAccount: { max: 3, windowSeconds: minutes(15) },
  },
};

/**
 * Counts one attempt (or `amount`, such as a batch's answers) under `key`; returns the seconds to
 * wait when the limit is exceeded, else 0.
 */
export async function hitRateLimit(db: Database, key: string, limit: Limit, amount = 1): Promise<number> {
  const [row] = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`
      insert into ${rateLimits} (key, count, window_start) values (${key}, ${amount}, now())
      on conflict (key) do update set
        count = case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${limit.windowSeconds})
                     then ${amount}::int else ${rateLimits.count} + ${amount}::int end,
        window_start = case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${limit.windowSeconds})
                            then now() else ${rateLimits.windowStart} end
      returning count,
        ceil(extract(epoch from (window_start + make_interval(secs => ${limit.windowSeconds}) - now())))::int as retry_after`,
  );
  if (!row || row.count <= limit.max) return 0;
  return Math.max(1, row.retry_after);
}

/** Takes back one attempt counted under `key` (it turned out not to be the kind that is limited). */
export async function undoRateLimitHit(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
