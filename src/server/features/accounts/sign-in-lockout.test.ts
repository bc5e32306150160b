/**
 * Issue #9, items 1 and 10: the sign-in limits cannot be dodged by the body format, and they slow
 * a guesser without locking the owner out (docs/decisions/0011-sign-in-lockout.md).
 */
import { randomInt } from "node:crypto";
import { createAuth } from "@server/auth";
import { users } from "@server/db/schema";
import { createMailer } from "@server/mail";
import {
  latestMailLinks,
  mailCount,
  sessionCount,
  signUpConfirmed,
  TestClient,
  uniqueEmail,
} from "@server/test/http-client";
import { testPasswordHashing } from "@server/test/password-hashing";
import { setupTestApp, TEST_ORIGIN, testConfig } from "@server/test/test-app";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runAuthRequest } from "./auth-request";
import { SIGN_IN_LIMITS } from "./sign-in-guard";

// The limits, not the hash, are under test here: a cheaper hash (test/password-hashing.ts).
const { app, database } = await setupTestApp({ passwordHashing: testPasswordHashing });
const { db } = database;
const client = () => new TestClient(app);
const LIMIT = SIGN_IN_LIMITS.perAccountFromNewAddresses.max;

const randomAddress = () => `172.${randomInt(16, 32)}.${randomInt(256)}.${randomInt(1, 255)}`;
const signIn = (c: TestClient, email: string, password: string) =>
  c.post("/api/auth/sign-in/email", { email, password });
const session = async (c: TestClient) => (await c.get("/api/auth/get-session")).json();

/** A form-encoded POST, as an HTML form or a script would send it. */
const postForm = (path: string, fields: Record<string, string>, address = randomAddress()) =>
  app.request(path, {
    method: "POST",
    headers: {
      origin: TEST_ORIGIN,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": address,
    },
    body: new URLSearchParams(fields).toString(),
  });

/** `n` wrong guesses at the account, each from a new address (a distributed attacker). */
async function guessFromEverywhere(email: string, n: number) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await signIn(client(), email, `wrong-guess-${i}`)).status);
  return statuses;
}

describe("form-encoded bodies (issue #9, item 1)", () => {
  it("refuses a form-encoded sign-in with the right password: no session", async () => {
    const { email, password } = await signUpConfirmed(client(), db);
    const before = await sessionCount(db, email);
    const res = await postForm("/api/auth/sign-in/email", { email, password });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("invalid_request");
    expect(res.headers.getSetCookie().some((line) => line.includes("session_token="))).toBe(false);
    expect(await sessionCount(db, email)).toBe(before);
  });

  it("refuses a form-encoded sign-up: no account, no mail", async () => {
    const email = uniqueEmail("form");
    const res = await postForm("/api/auth/sign-up/email", { email, password: "long-enough-1", name: "x" });
    expect(res.status).toBe(400);
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await mailCount(db, email)).toBe(0);
  });

  it("sends no confirmation mail for form-encoded sign-ins to an unconfirmed account", async () => {
    const email = uniqueEmail("unconfirmed");
    await client().post("/api/auth/sign-up/email", { email, password: "long-enough-1", name: "x" });
    for (let i = 0; i < 5; i++) await postForm("/api/auth/sign-in/email", { email, password: "long-enough-1" });
    expect(await mailCount(db, email)).toBe(1);
  });

  it("checks no further guess once the account is locked, whatever the format", async () => {
    const { email, password } = await signUpConfirmed(client(), db);
    await guessFromEverywhere(email, LIMIT);
    const before = await sessionCount(db, email);

    expect((await signIn(client(), email, password)).status).toBe(429);
    expect((await postForm("/api/auth/sign-in/email", { email, password })).status).not.toBe(200);

    // Past the app's JSON-only guard, the limiter itself still reads the form body: the auth
    // library's own handler, given a form with the right password, is refused.
    const auth = createAuth({
      db,
      config: { ...testConfig, passwordHashing: testPasswordHashing },
      mailer: createMailer({ db, from: "x@test", log: () => {} }),
    });
    const direct = await runAuthRequest({ address: randomAddress(), path: "/sign-in/email" }, () =>
      auth.handler(
        new Request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ email, password }).toString(),
        }),
      ),
    );
    expect(direct.status).toBe(429);
    expect(await sessionCount(db, email)).toBe(before);
  });

  it("counts wrong form-encoded guesses that reach the auth library towards the lock", async () => {
    const { email, password } = await signUpConfirmed(client(), db);
    const auth = createAuth({
      db,
      config: { ...testConfig, passwordHashing: testPasswordHashing },
      mailer: createMailer({ db, from: "x@test", log: () => {} }),
    });
    for (let i = 0; i < LIMIT; i++) {
      const res = await runAuthRequest({ address: randomAddress(), path: "/sign-in/email" }, () =>
        auth.handler(
          new Request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
            method: "POST",
            headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ email, password: `wrong-guess-${i}` }).toString(),
          }),
        ),
      );
      expect(res.status).toBe(401);
    }
    expect((await signIn(client(), email, password)).status).toBe(429);
  });
});

describe("the sign-in lockout (issue #9, item 10)", () => {
  it("slows a distributed attacker: after the limit, no address new to the account is checked", async () => {
    const { email, password } = await signUpConfirmed(client(), db);
    const statuses = await guessFromEverywhere(email, LIMIT + 3);
    expect(statuses.slice(0, LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LIMIT).every((s) => s === 429)).toBe(true);

    const limited = await signIn(client(), email, password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).error).toEqual({
      code: "rate_limited",
      message:
        "Too many failed sign-ins for this account. Wait a few minutes, or have a sign-in link sent to your email to sign in now.",
      reason: "SIGN_IN_LOCKED",
      issues: [{ path: [], key: "auth.sign_in_locked" }],
    });
    // That account only: another signs in from a new address meanwhile.
    const other = await signUpConfirmed(client(), db);
    expect((await signIn(client(), other.email, other.password)).status).toBe(200);
  });

  it("lets the owner in from an address they signed in from while an attacker elsewhere is locked out", async () => {
    const owner = client();
    const { email, password } = await signUpConfirmed(owner, db); // confirming signs in from owner.ip
    await owner.post("/api/auth/sign-out");
    await guessFromEverywhere(email, LIMIT + 5);

    expect((await signIn(owner, email, password)).status).toBe(200);
    expect((await session(owner)).user.email).toBe(email);
    // Another browser at the same address (the family computer) gets in too.
    const sameAddress = await client().post(
      "/api/auth/sign-in/email",
      { email, password },
      { "x-forwarded-for": owner.ip },
    );
    expect(sameAddress.status).toBe(200);
    // The attacker, still elsewhere, is still refused.
    expect((await signIn(client(), email, password)).status).toBe(429);
  });

  it("still limits one address's guesses, even at an address the account knows", async () => {
    const owner = client();
    const { email, password } = await signUpConfirmed(owner, db);
    const limit = SIGN_IN_LIMITS.perAccountAndAddress.max;
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await signIn(owner, email, `wrong-guess-${i}`)).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const locked = await signIn(owner, email, password);
    expect(locked.status).toBe(429);
    expect((await locked.json()).error.reason).toBe("SIGN_IN_LOCKED");
    // A guesser at one address does not lock the account for the others.
    expect((await signIn(client(), email, password)).status).toBe(200);
  });

  it("counts failures only: successful sign-ins never lock, and one clears the address's failures", async () => {
    const owner = client();
    const { email, password } = await signUpConfirmed(owner, db);
    for (let i = 0; i < LIMIT + 2; i++) expect((await signIn(owner, email, password)).status).toBe(200);

    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LIMIT - 1; i++) expect((await signIn(owner, email, `typo-${round}-${i}`)).status).toBe(401);
      expect((await signIn(owner, email, password)).status).toBe(200);
    }
  });

  it("cannot be raced: of many guesses sent at once, at most the limit are checked", async () => {
    const { email } = await signUpConfirmed(client(), db);
    const statuses = await Promise.all(
      Array.from({ length: LIMIT * 2 }, (_, i) => signIn(client(), email, `parallel-${i}`).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(LIMIT);
  });

  it("lets the owner at a new address in after a password reset, during an attack", async () => {
    const { email } = await signUpConfirmed(client(), db);
    await guessFromEverywhere(email, LIMIT + 2);

    const traveller = client(); // a hotel computer: an address the account has never seen
    expect((await signIn(traveller, email, "correct-horse-1")).status).toBe(429);
    await traveller.post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    const [link] = await latestMailLinks(db, email);
    const token = new URL(link ?? "", "http://x").searchParams.get("token");
    expect((await traveller.post("/api/auth/reset-password", { token, newPassword: "recovered-1" })).status).toBe(200);

    expect((await signIn(traveller, email, "recovered-1")).status).toBe(200);
    expect((await signIn(client(), email, "recovered-1")).status).toBe(429);
  });

  it("does not count a sign-in to an unconfirmed account as a failure, and re-sends its link at most every few minutes", async () => {
    const email = uniqueEmail("unconfirmed");
    await client().post("/api/auth/sign-up/email", { email, password: "long-enough-1", name: "x" });
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await signIn(client(), email, "long-enough-1")).status);
    expect(statuses.every((s) => s === 403)).toBe(true);
    // The sign-up mail and one re-sent link; not one per attempt.
    expect(await mailCount(db, email)).toBe(2);
  });
});
