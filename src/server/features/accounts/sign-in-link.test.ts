/**
 * Issue #21, item 13: an attacker's guesses from elsewhere cannot lock the owner out of a new
 * address, because the lockout offers a sign-in link mailed to the account's own address
 * (docs/decisions/0041-sign-in-link.md).
 */
import { randomInt } from "node:crypto";
import { users, verifications } from "@server/db/schema";
import {
  latestMailLinks,
  mailCount,
  sessionCount,
  signUpConfirmed,
  TestClient,
  uniqueEmail,
} from "@server/test/http-client";
import { testPasswordHashing } from "@server/test/password-hashing";
import { setupTestApp } from "@server/test/test-app";
import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUTH_LIMITS } from "./rate-limit";
import { SIGN_IN_LIMITS } from "./sign-in-guard";
import { SIGN_IN_LINK_PER_ACCOUNT } from "./sign-in-link";

const { app, database } = await setupTestApp({ passwordHashing: testPasswordHashing });
const { db } = database;
const client = () => new TestClient(app);
const LIMIT = SIGN_IN_LIMITS.perAccountFromNewAddresses.max;

const signIn = (c: TestClient, email: string, password: string) =>
  c.post("/api/auth/sign-in/email", { email, password });
const requestLink = (c: TestClient, email: string) => c.post("/api/auth/sign-in/magic-link", { email });
const signedInEmail = async (c: TestClient) =>
  ((await (await c.get("/api/auth/get-session")).json()) as { user?: { email: string } } | null)?.user?.email;
/** The stored sign-in link records of `email` (the plugin keeps the email in the record's value). */
const linkRecords = (email: string) =>
  db
    .select()
    .from(verifications)
    .where(and(like(verifications.identifier, "magic-link:%"), like(verifications.value, `%"${email}"%`)));

/** An attacker makes `LIMIT` wrong guesses from one address; the account is then limited for new ones. */
async function attackFromOneAddress(email: string) {
  const attacker = client();
  for (let i = 0; i < LIMIT; i++) expect((await signIn(attacker, email, `wrong-guess-${i}`)).status).toBe(401);
}

/** A confirmed account whose owner is signed out, under attack: a new address gets 429. */
async function lockedAccount() {
  const { email, password } = await signUpConfirmed(client(), db);
  await attackFromOneAddress(email);
  return { email, password };
}

describe("the sign-in link during a lockout (issue #21, item 13)", () => {
  it("lets the owner in from a new address: the 429 names the link, the link signs in and makes the address known", async () => {
    const { email, password } = await lockedAccount();
    const traveller = client(); // a hotel computer: an address the account has never used

    const limited = await signIn(traveller, email, password);
    expect(limited.status).toBe(429);
    const { error } = await limited.json();
    expect(error.reason).toBe("SIGN_IN_LOCKED");
    expect(error.message).toMatch(/sign-in link/);
    expect(error.issues).toEqual([{ path: [], key: "auth.sign_in_locked" }]);

    const sent = await requestLink(traveller, email);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ status: true });
    const [link] = await latestMailLinks(db, email);
    expect(link).toMatch(/^\/api\/auth\/magic-link\/verify\?token=/);

    const followed = await traveller.get(link ?? "");
    expect(followed.status).toBe(302);
    expect(new URL(followed.headers.get("location") ?? "").pathname).toBe("/sign-in-link");
    expect(new URL(followed.headers.get("location") ?? "").searchParams.get("error")).toBeNull();
    expect(await signedInEmail(traveller)).toBe(email);

    // The address is now known: the password works from it (another browser there too) while the
    // attack goes on; the attacker's addresses stay limited.
    await traveller.post("/api/auth/sign-out");
    expect((await signIn(traveller, email, password)).status).toBe(200);
    expect(
      (await client().post("/api/auth/sign-in/email", { email, password }, { "x-forwarded-for": traveller.ip })).status,
    ).toBe(200);
    expect((await signIn(client(), email, password)).status).toBe(429);
  });

  it("forgives the failures of the address the link was followed from", async () => {
    const owner = client();
    const { email, password } = await signUpConfirmed(client(), db);
    // Ten typos at one address lock that address out (account + address counter).
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndAddress.max; i++) await signIn(owner, email, `typo-${i}`);
    expect((await signIn(owner, email, password)).status).toBe(429);

    await requestLink(owner, email);
    const [link] = await latestMailLinks(db, email);
    await owner.get(link ?? "");
    await owner.post("/api/auth/sign-out");
    expect((await signIn(owner, email, password)).status).toBe(200);
  });

  it("works once", async () => {
    const { email } = await lockedAccount();
    const owner = client();
    await requestLink(owner, email);
    const [link] = await latestMailLinks(db, email);
    expect(await signedInEmail(owner)).toBeUndefined();
    await owner.get(link ?? "");
    expect(await signedInEmail(owner)).toBe(email);

    const sessionsBefore = await sessionCount(db, email);
    const other = client(); // the same link, opened again elsewhere
    const again = await other.get(link ?? "");
    expect(again.status).toBe(302);
    expect(new URL(again.headers.get("location") ?? "").searchParams.get("error")).toBe("INVALID_TOKEN");
    expect(await signedInEmail(other)).toBeUndefined();
    expect(await sessionCount(db, email)).toBe(sessionsBefore);
  });

  it("expires: a link past its time signs nobody in", async () => {
    const { email } = await lockedAccount();
    const owner = client();
    await requestLink(owner, email);
    const [link] = await latestMailLinks(db, email);
    expect(await linkRecords(email)).toHaveLength(1);
    await db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(like(verifications.value, `%"${email}"%`));

    const late = await owner.get(link ?? "");
    expect(new URL(late.headers.get("location") ?? "").searchParams.get("error")).toBe("INVALID_TOKEN");
    expect(await signedInEmail(owner)).toBeUndefined();
  });

  it("stores no usable token: the record's name is not the mailed token", async () => {
    const { email } = await lockedAccount();
    await requestLink(client(), email);
    const [link] = await latestMailLinks(db, email);
    const token = new URL(link ?? "", "http://x").searchParams.get("token") ?? "";
    expect(token.length).toBeGreaterThanOrEqual(32);
    const [record] = await linkRecords(email);
    expect(record?.identifier).not.toContain(token);
  });

  it("mails an account at most a few links per window, answering the same past it; earlier links keep working", async () => {
    const { email } = await lockedAccount();
    const before = await mailCount(db, email);
    const replies: unknown[] = [];
    for (let i = 0; i < SIGN_IN_LINK_PER_ACCOUNT.max + 3; i++) {
      const res = await requestLink(client(), email); // from many addresses
      replies.push([res.status, await res.json()]);
    }
    expect(replies.every((r) => JSON.stringify(r) === JSON.stringify([200, { status: true }]))).toBe(true);
    expect((await mailCount(db, email)) - before).toBe(SIGN_IN_LINK_PER_ACCOUNT.max);
    // Someone else asking again cannot void the owner's link: every mailed link still works.
    const [link] = await latestMailLinks(db, email);
    const owner = client();
    await owner.get(link ?? "");
    expect(await signedInEmail(owner)).toBe(email);
  });

  it("limits the requests from one address, whatever the emails", async () => {
    const spammer = client();
    const limit = AUTH_LIMITS["/sign-in/magic-link"]?.perIp.max ?? 0;
    expect(limit).toBeGreaterThan(0);
    for (let i = 0; i < limit; i++) expect((await requestLink(spammer, uniqueEmail("spray"))).status).toBe(200);
    const refused = await requestLink(spammer, uniqueEmail("spray"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).error.code).toBe("rate_limited");
  });

  it("answers an unknown email exactly as a known one, and mails or stores nothing for it", async () => {
    const { email } = await lockedAccount();
    const unknown = uniqueEmail("nobody");
    const unconfirmed = uniqueEmail("unconfirmed");
    await client().post("/api/auth/sign-up/email", { email: unconfirmed, password: "long-enough-1", name: "x" });
    const mailsOfUnconfirmed = await mailCount(db, unconfirmed);

    const replies = [];
    for (const address of [email, unknown, unconfirmed]) {
      const res = await requestLink(client(), address);
      replies.push({ status: res.status, body: await res.json(), type: res.headers.get("content-type") });
    }
    expect(replies[1]).toEqual(replies[0]);
    expect(replies[2]).toEqual(replies[0]);
    expect(await mailCount(db, email)).toBeGreaterThan(0);
    expect(await mailCount(db, unknown)).toBe(0);
    expect(await mailCount(db, unconfirmed)).toBe(mailsOfUnconfirmed);
    expect(await linkRecords(unknown)).toEqual([]);
    expect(await linkRecords(unconfirmed)).toEqual([]);
    // No account is made by following anything: the unknown email has none.
    expect(await db.select().from(users).where(eq(users.email, unknown))).toEqual([]);
  });

  it("finds the account whatever the email's case", async () => {
    const { email } = await lockedAccount();
    const owner = client();
    expect((await requestLink(owner, email.toUpperCase())).status).toBe(200);
    const [link] = await latestMailLinks(db, email);
    await owner.get(link ?? "");
    expect(await signedInEmail(owner)).toBe(email);
  });

  it("refuses a malformed email with the one error shape, mailing nothing", async () => {
    const res = await requestLink(client(), `not-an-email-${randomInt(1000)}`);
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.issues).toEqual([{ path: ["email"], key: "validation.email_invalid" }]);
  });
});
