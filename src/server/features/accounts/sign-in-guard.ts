/**
 * The sign-in lockout (docs/decisions/0011-sign-in-lockout.md). Only failed guesses count, and they
 * are counted twice:
 * - per account and address: one address gets a few guesses per window, then waits. A success
 *   from that address clears its count.
 * - per account, from addresses it has not signed in from before: many addresses together get a
 *   few guesses per window. Addresses the account recently signed in from skip this count, so an
 *   attack from elsewhere does not lock the owner out.
 * Both are charged before the password is checked (so parallel guesses cannot slip past the
 * limit) and taken back when the attempt turns out not to be a wrong password.
 */

import type { Database } from "@server/db/client";
import { signInAddresses, users } from "@server/db/schema";
import { and, eq, gt, sql } from "drizzle-orm";
import { clearRateLimit, hitRateLimit, type Limit, minutes, undoRateLimitHit } from "./rate-limit";

export const SIGN_IN_LIMITS = {
  perAccountAndAddress: { max: 10, windowSeconds: minutes(15) },
  perAccountFromNewAddresses: { max: 10, windowSeconds: minutes(15) },
} satisfies Record<string, Limit>;

/** How long a successful sign-in (or password reset) makes an address known to the account. */
const KNOWN_ADDRESS_DAYS = 90;

const pairKey = (email: string, address: string) => `sign-in-failures:${email}:${address}`;
const accountKey = (email: string) => `sign-in-failures:${email}`;

async function isKnownAddress(db: Database, email: string, address: string): Promise<boolean> {
  const rows = await db
    .select({ userId: signInAddresses.userId })
    .from(signInAddresses)
    .innerJoin(users, eq(users.id, signInAddresses.userId))
    .where(
      and(
        eq(users.email, email),
        eq(signInAddresses.address, address),
        gt(signInAddresses.lastSeenAt, sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function rememberAddress(db: Database, userId: string, address: string): Promise<void> {
  await db
    .insert(signInAddresses)
    .values({ userId, address })
    .onConflictDoUpdate({ target: [signInAddresses.userId, signInAddresses.address], set: { lastSeenAt: sql`now()` } });
}

export type SignInAdmission = { wait: 0; charges: string[] } | { wait: number; charges?: undefined };

/** Charges one failure in advance; refuses (wait > 0) when a limit is already used up. */
export async function admitSignIn(db: Database, email: string, address: string): Promise<SignInAdmission> {
  const pair = pairKey(email, address);
  const pairWait = await hitRateLimit(db, pair, SIGN_IN_LIMITS.perAccountAndAddress);
  if (pairWait > 0) return { wait: pairWait };
  if (await isKnownAddress(db, email, address)) return { wait: 0, charges: [pair] };

  const account = accountKey(email);
  const accountWait = await hitRateLimit(db, account, SIGN_IN_LIMITS.perAccountFromNewAddresses);
  if (accountWait > 0) {
    // Refused unchecked: not a guess this address made.
    await undoRateLimitHit(db, pair);
    return { wait: accountWait };
  }
  return { wait: 0, charges: [pair, account] };
}

/**
 * Settles the advance charges once the outcome is known: a wrong password keeps them; a success
 * clears this address's count and takes back the account-wide charge (the account-wide count is
 * not cleared: the owner signing in must not hand an attacker elsewhere a fresh set of guesses);
 * anything else (unconfirmed email, malformed request) takes both back.
 */
export async function settleSignIn(
  db: Database,
  charges: string[],
  outcome: "wrong-password" | "signed-in" | "other",
): Promise<void> {
  if (outcome === "wrong-password") return;
  const [pair, ...rest] = charges;
  if (pair) await (outcome === "signed-in" ? clearRateLimit(db, pair) : undoRateLimitHit(db, pair));
  for (const key of rest) await undoRateLimitHit(db, key);
}

/**
 * After a password reset or a mailed sign-in link, the address it came from is known and its
 * failures are forgiven: the mailbox owner can sign in from there at once, even during an attack.
 */
export async function trustMailboxOwner(db: Database, user: { id: string; email: string }, address: string) {
  await rememberAddress(db, user.id, address);
  await clearRateLimit(db, pairKey(user.email.toLowerCase(), address));
}
