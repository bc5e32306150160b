/**
 * The way in that a sign-in lockout cannot block (docs/decisions/0041-sign-in-link.md): a single-use,
 * short-lived sign-in link mailed to the account's own address. The reply to a request is always the
 * same, so it tells nobody whether an account exists or whether a mail went out.
 */

import type { Database } from "@server/db/client";
import { users } from "@server/db/schema";
import { and, eq } from "drizzle-orm";
import { hitRateLimit, type Limit, minutes } from "./rate-limit";

/**
 * Mails per account. Past it the request is answered as if sent, but nothing is mailed: the owner's
 * mailbox cannot be flooded, and an attacker using up the count cannot make the owner's request
 * fail (the links already mailed still work). The per-address count is in AUTH_LIMITS.
 */
export const SIGN_IN_LINK_PER_ACCOUNT: Limit = { max: 3, windowSeconds: minutes(15) };

/** The one reply to every accepted request, mailed or not. */
export const SIGN_IN_LINK_REPLY = { status: true } as const;

/** Where the mailed link lands, signed in or not (the page reads `?error`). */
export const SIGN_IN_LINK_PAGE = "/sign-in-link";

/**
 * Whether a link may be mailed for `email` (lower-cased): the account exists, its address is
 * confirmed, and its mail count allows one more. Counted for unknown emails too, so both take the
 * same path.
 */
export async function mayMailSignInLink(db: Database, email: string): Promise<boolean> {
  const wait = await hitRateLimit(db, `mail:sign-in-link:${email}`, SIGN_IN_LINK_PER_ACCOUNT);
  if (wait > 0) return false;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.emailVerified, true)))
    .limit(1);
  return user !== undefined;
}

/** The link in the mail: the auth library's verify endpoint, ending on our page either way. */
export function signInLinkUrl(origin: string, token: string): string {
  const url = new URL(`${origin}/api/auth/magic-link/verify`);
  url.searchParams.set("token", token);
  url.searchParams.set("callbackURL", SIGN_IN_LINK_PAGE);
  url.searchParams.set("errorCallbackURL", SIGN_IN_LINK_PAGE);
  return url.href;
}
