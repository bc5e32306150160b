/**
 * The authorization matrix, generated from the app's own route table: every API endpoint must be
 * listed in ACCESS below with who may call it, so a new endpoint without a decision fails here.
 * Each protected endpoint is then called by a visitor, by a signed-in stranger and by the owner,
 * with a valid request, and a refused call must leave the owner's data exactly as it was.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { flashcards } from "../db/schema";
import { createCourse } from "../test/factories";
import { signedInClient, TestClient } from "../test/http-client";
import { apiEndpoints, fillPath } from "../test/route-table";
import { courseSnapshot } from "../test/snapshot";
import { setupTestApp } from "../test/test-app";
import { type RequestTarget, VALID_REQUESTS } from "../test/valid-requests";

const { app, database } = await setupTestApp();
const { db } = database;

type Access =
  /** Anyone, signed in or not. */
  | "public"
  /** The auth library's endpoints: their own rules, tested in features/accounts. */
  | "auth-library"
  /** Any signed-in user, acting on their own account (following, passing, writing to us). */
  | "signed-in"
  /** Only the owner of the course or deck named in the path. */
  | "owner";

/** Who may call each endpoint; the request sent is the endpoint's valid one (test/valid-requests). */
const ACCESS: Record<string, Access> = {
  "GET /api/health": "public",
  "GET /api/auth/*": "auth-library",
  "POST /api/auth/*": "auth-library",
  "GET /api/courses/most-followed": "public",
  "GET /api/courses/:courseId": "public",
  "GET /api/courses/:courseId/cards": "public",
  "GET /api/decks/:deckId": "public",
  "GET /api/search": "public",
  "GET /api/exports/:courseId": "public",

  "GET /api/profile": "signed-in",
  "PUT /api/profile/language": "signed-in",
  "PUT /api/profile/theme": "signed-in",
  "PUT /api/profile/display-name": "signed-in",
  "POST /api/courses": "signed-in",
  "GET /api/me/home": "signed-in",
  "GET /api/me/courses": "signed-in",
  "GET /api/me/followed": "signed-in",
  "GET /api/me/in-progress": "signed-in",
  "POST /api/progress/:deckId": "signed-in",
  "PUT /api/follows/:courseId": "signed-in",
  "DELETE /api/follows/:courseId": "signed-in",
  "POST /api/contact": "signed-in",
  // The course is named in the body, not the path: a stranger importing into someone's course is
  // refused in features/imports (imports.test.ts); the valid request here makes a new course.
  "POST /api/imports": "signed-in",
  "POST /api/reviews": "signed-in",
  "POST /api/reviews/batch": "signed-in",
  "GET /api/reviews/queue": "signed-in",
  "GET /api/reviews/settings": "signed-in",
  "GET /api/reviews/summary": "signed-in",
  "PUT /api/reviews/settings": "signed-in",
  // The learner's own row: another learner reading the same course sees theirs (exam-dates.test.ts).
  "GET /api/reviews/exam-dates/:courseId": "signed-in",
  "PUT /api/reviews/exam-dates/:courseId": "signed-in",
  "DELETE /api/reviews/exam-dates/:courseId": "signed-in",
  "GET /api/stats": "signed-in",
  "GET /api/stats/memory-model": "signed-in",
  "PUT /api/stats/memory-model": "signed-in",
  "POST /api/stats/memory-model/optimise": "signed-in",
  "GET /api/stats/leeches": "signed-in",
  // Readings suggested for text in the request, for any author's deck editor: nothing is read or stored.
  "POST /api/readings": "signed-in",

  "PUT /api/courses/:courseId": "owner",
  "DELETE /api/courses/:courseId": "owner",
  "POST /api/courses/:courseId/decks": "owner",
  "PUT /api/decks/:deckId": "owner",
  "DELETE /api/decks/:deckId": "owner",
  // Owner of the deck's course: its learners' figures, no learner named (decision 0045).
  "GET /api/decks/:deckId/hard-cards": "owner",
};

/**
 * Endpoints a new user reaches but whose valid request needs what a new user does not have: let
 * through, then refused for that (status and reason), never for who they are.
 */
const REFUSED_FOR_STATE: Record<string, [number, string]> = {
  // "Optimise now" needs OPTIMISE_MIN_ANSWERS counted answers (memory-model.test.ts runs it).
  "POST /api/stats/memory-model/optimise": [409, "not_enough_answers"],
};

/**
 * The auth library's endpoints used by the app, behind its catch-all routes: who may call each.
 * "public" ones are how a visitor gets a session (or learns it has none); the sign-in link is
 * public because it is the way in for someone locked out (decision 0041): its mail goes only to
 * the account's own address.
 */
const AUTH_LIBRARY_ACCESS: Record<string, "public" | "signed-in"> = {
  "GET get-session": "public",
  "GET verify-email": "public",
  "GET magic-link/verify": "public",
  "POST sign-in/email": "public",
  "POST sign-up/email": "public",
  "POST request-password-reset": "public",
  "POST reset-password": "public",
  "POST send-verification-email": "public",
  "POST sign-in/magic-link": "public",
  "POST change-password": "signed-in",
};

const authLibraryRequests = (["GET", "POST"] as const).flatMap((method) =>
  (VALID_REQUESTS[`${method} /api/auth/*`]?.({ courseId: 0, deckId: 0, email: "visitor@test.example" }) ?? []).map(
    (request) => ({ name: `${method} ${request.subPath}`, method, request }),
  ),
);

const { client: owner, userId: ownerId, email } = await signedInClient(app, db);

async function freshFixture(): Promise<RequestTarget> {
  const course = await createCourse(db, ownerId, { decks: 2, cardsPerDeck: 4, tags: ["t"] });
  const deckId = course.decks[0]?.id ?? 0;
  const [card] = await db.select({ id: flashcards.id }).from(flashcards).where(eq(flashcards.deckId, deckId)).limit(1);
  return { courseId: course.id, deckId, cardId: card?.id, email };
}

function call(client: TestClient, endpoint: string, fixture: RequestTarget) {
  const [method = "GET", path = ""] = endpoint.split(" ");
  const [valid] = VALID_REQUESTS[endpoint]?.(fixture) ?? [];
  const query = new URLSearchParams(valid?.query).toString();
  return client.request(method, `${fillPath(path, fixture)}${query ? `?${query}` : ""}`, valid?.body);
}

const byAccess = (access: Access) =>
  Object.entries(ACCESS)
    .filter(([, a]) => a === access)
    .map(([name]) => name);

describe("authorization matrix", () => {
  it("has a decision for every endpoint the app serves, and none for endpoints it does not", () => {
    expect(apiEndpoints(app)).toEqual(Object.keys(ACCESS).sort());
  });

  it.each([...byAccess("signed-in"), ...byAccess("owner")])("%s refuses a visitor with 401", async (endpoint) => {
    const fixture = await freshFixture();
    const before = await courseSnapshot(db, fixture.courseId);
    const res = await call(new TestClient(app), endpoint, fixture);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("unauthenticated");
    expect(await courseSnapshot(db, fixture.courseId)).toEqual(before);
  });

  it.each(byAccess("owner"))("%s refuses a signed-in stranger with 403 and changes nothing", async (endpoint) => {
    const { client: stranger } = await signedInClient(app, db);
    const fixture = await freshFixture();
    const before = await courseSnapshot(db, fixture.courseId);
    const res = await call(stranger, endpoint, fixture);
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("forbidden");
    expect(await courseSnapshot(db, fixture.courseId)).toEqual(before);
  });

  it.each(byAccess("owner"))("%s lets the owner through", async (endpoint) => {
    const res = await call(owner, endpoint, await freshFixture());
    expect(res.status).toBeLessThan(300);
  });

  it.each(byAccess("signed-in"))("%s lets any signed-in user through", async (endpoint) => {
    const { client: user } = await signedInClient(app, db);
    const res = await call(user, endpoint, await freshFixture());
    const refusal = REFUSED_FOR_STATE[endpoint];
    if (refusal) expect([res.status, (await res.json()).error.reason]).toEqual(refusal);
    else expect(res.status).toBeLessThan(300);
  });

  it("has a decision for every auth library endpoint the app uses", () => {
    expect(authLibraryRequests.map((r) => r.name).sort()).toEqual(Object.keys(AUTH_LIBRARY_ACCESS).sort());
  });

  it.each(authLibraryRequests)("$name: a visitor is let through or refused as its decision says", async (r) => {
    const query = new URLSearchParams(r.request.query).toString();
    const res = await new TestClient(app).request(
      r.method,
      `/api/auth/${r.request.subPath}${query ? `?${query}` : ""}`,
      r.request.body,
    );
    const body = await res.json().catch(() => null); // a redirect has no body
    const refusedForNoSession = res.status === 401 && body?.error?.reason === "USER_NOT_AUTHENTICATED";
    expect(res.status).toBeLessThan(500);
    expect(refusedForNoSession).toBe(AUTH_LIBRARY_ACCESS[r.name] === "signed-in");
  });

  it.each(byAccess("public"))("%s answers a visitor", async (endpoint) => {
    const res = await call(new TestClient(app), endpoint, await freshFixture());
    expect(res.status).toBe(200);
  });
});
