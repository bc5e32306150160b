/**
 * The error contract (docs/decisions/0017-error-contract.md), walked over the app's own route
 * table: every endpoint that takes input is sent invalid input, and the reply must be exactly
 * `{ error: { code, message, reason?, issues } }`, with an English sentence as message and issues
 * naming the bad fields with keys both translation files define. A new endpoint without an entry
 * below fails here.
 */

import en from "@shared/i18n/en.json";
import ja from "@shared/i18n/ja.json";
import { describe, expect, it } from "vitest";
import { createCourse, TEST_PASSWORD } from "../test/factories";
import { signedInClient, TestClient } from "../test/http-client";
import { apiEndpoints, fillPath } from "../test/route-table";
import { setupTestApp, TEST_ORIGIN } from "../test/test-app";
import type { RequestTarget } from "../test/valid-requests";

const { app, database } = await setupTestApp();
const { db } = database;

interface InvalidRequest {
  /** Replaces the `*` of the auth library's catch-all route. */
  subPath?: string;
  /** Path parameters that replace the valid ones. */
  params?: Partial<Record<keyof RequestTarget, string>>;
  query?: Record<string, string>;
  body?: unknown;
  /** The issue paths the reply must name, in order. */
  paths: (string | number)[][];
}

const cards = Array.from({ length: 4 }, (_, i) => ({ question: `Q${i}`, answer: `A${i}`, duration: 2 }));
const badSort = { query: { sort: "best", page: "0" }, paths: [["sort"], ["page"]] };

/** Invalid requests per endpoint; `[]` for endpoints that take no input to refuse. */
const INVALID: Record<string, InvalidRequest[]> = {
  "GET /api/health": [],
  "GET /api/courses/most-followed": [],
  "GET /api/profile": [],
  "GET /api/me/home": [],
  "GET /api/auth/*": [{ subPath: "verify-email", paths: [["token"]] }],
  "POST /api/auth/*": [
    { subPath: "sign-in/email", body: { email: 5 }, paths: [["email"], ["password"]] },
    { subPath: "sign-up/email", body: { email: "nope", password: "long-enough-1", name: "x" }, paths: [["email"]] },
    {
      subPath: "sign-up/email",
      body: { email: "a@test.example", password: "short", name: "x" },
      paths: [["password"]],
    },
    { subPath: "request-password-reset", body: { email: "nope" }, paths: [["email"]] },
    { subPath: "reset-password", body: { token: "x" }, paths: [["newPassword"]] },
    { subPath: "reset-password", body: { token: "x", newPassword: "password1" }, paths: [["newPassword"]] },
    { subPath: "change-password", body: { currentPassword: 1 }, paths: [["newPassword"], ["currentPassword"]] },
    { subPath: "send-verification-email", body: { email: 3 }, paths: [["email"]] },
  ],
  "GET /api/courses/:courseId": [{ params: { courseId: "abc" }, paths: [["courseId"]] }],
  "GET /api/courses/:courseId/cards": [{ params: { courseId: "0" }, paths: [["courseId"]] }],
  "GET /api/decks/:deckId": [{ params: { deckId: "1.5" }, paths: [["deckId"]] }],
  "GET /api/search": [
    { query: { q: " " }, paths: [["q"]] },
    { query: { q: "x".repeat(101) }, paths: [["q"]] },
  ],
  "GET /api/exports/:courseId": [
    { query: { format: "pdf" }, paths: [["format"]] },
    { params: { courseId: "abc" }, query: { format: "csv" }, paths: [["courseId"]] },
  ],
  "PUT /api/profile/language": [{ body: { language: "fr" }, paths: [["language"]] }],
  "PUT /api/profile/theme": [{ body: { theme: "sepia" }, paths: [["theme"]] }],
  "PUT /api/profile/display-name": [
    { body: { displayName: "x".repeat(41) }, paths: [["displayName"]] },
    { body: { displayName: "Two\nlines" }, paths: [["displayName"]] },
    { body: {}, paths: [["displayName"]] },
  ],
  "POST /api/courses": [{ body: { name: " ", tags: ["ok", 1] }, paths: [["name"], ["tags", 1]] }],
  "GET /api/me/courses": [badSort],
  "GET /api/me/followed": [badSort],
  "GET /api/me/in-progress": [badSort],
  "POST /api/progress/:deckId": [{ params: { deckId: "0" }, paths: [["deckId"]] }],
  "PUT /api/follows/:courseId": [{ params: { courseId: "-1" }, paths: [["courseId"]] }],
  "DELETE /api/follows/:courseId": [{ params: { courseId: "99999999999" }, paths: [["courseId"]] }],
  "POST /api/contact": [{ body: { message: "   " }, paths: [["message"]] }],
  "POST /api/readings": [
    { body: { text: "" }, paths: [["text"]] },
    { body: { text: "漢".repeat(501) }, paths: [["text"]] },
  ],
  "POST /api/imports": [
    {
      body: {
        importId: "not-a-uuid",
        target: { kind: "new", course: { name: " " } },
        decks: [{ name: "D", description: "d", cards: cards.slice(0, 3) }],
      },
      paths: [["importId"], ["target", "course", "name"], ["decks", 0, "cards"]],
    },
    {
      body: { importId: crypto.randomUUID(), target: { kind: "existing", courseId: 1 }, decks: [] },
      paths: [["decks"]],
    },
  ],
  "PUT /api/courses/:courseId": [{ body: { name: "x".repeat(500), description: "d" }, paths: [["name"]] }],
  "DELETE /api/courses/:courseId": [{ params: { courseId: "abc" }, paths: [["courseId"]] }],
  "POST /api/courses/:courseId/decks": [
    {
      body: { name: "", description: "d", cards: [...cards.slice(0, 3), { question: "", answer: "A", duration: 99 }] },
      paths: [["name"], ["cards", 3, "question"], ["cards", 3, "duration"]],
    },
  ],
  "PUT /api/decks/:deckId": [
    { body: { name: "N", description: "d", changed: [{ id: "x", ...cards[0] }] }, paths: [["changed", 0, "id"]] },
    // Past the schema, the service's own refusal: a card that is not in this deck.
    { body: { name: "N", description: "d", deleted: [2_147_483_647] }, paths: [["deleted", 0]] },
  ],
  "DELETE /api/decks/:deckId": [{ params: { deckId: "x" }, paths: [["deckId"]] }],
  "POST /api/reviews": [
    {
      body: { id: "x", cardId: 1, mode: "guess", grade: 5, answeredAt: "yesterday" },
      paths: [["id"], ["mode"], ["grade"], ["answeredAt"]],
    },
  ],
  "POST /api/reviews/batch": [{ body: { reviews: [] }, paths: [["reviews"]] }],
  "GET /api/reviews/queue": [{ query: { courseId: "abc" }, paths: [["courseId"]] }],
  "GET /api/reviews/settings": [],
  "GET /api/reviews/summary": [{ query: { courseId: "x", deckId: "-2" }, paths: [["courseId"], ["deckId"]] }],
  "GET /api/stats": [{ query: { courseId: "0" }, paths: [["courseId"]] }],
  "GET /api/stats/memory-model": [],
  "PUT /api/stats/memory-model": [{ body: { enabled: "yes" }, paths: [["enabled"]] }],
  "POST /api/stats/memory-model/optimise": [],
  "GET /api/stats/leeches": [{ query: { courseId: "one" }, paths: [["courseId"]] }],
  "GET /api/decks/:deckId/hard-cards": [{ params: { deckId: "0" }, paths: [["deckId"]] }],
  "PUT /api/reviews/settings": [
    {
      body: { desiredRetention: 0.5, newCardsPerDay: 1, reviewsPerDay: -1, timeZone: "Mars/Olympus" },
      paths: [["desiredRetention"], ["reviewsPerDay"], ["timeZone"]],
    },
  ],
  "GET /api/reviews/exam-dates/:courseId": [],
  "PUT /api/reviews/exam-dates/:courseId": [{ body: { examOn: "next week" }, paths: [["examOn"]] }],
  "DELETE /api/reviews/exam-dates/:courseId": [],
};

function flatten(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
}
const enKeys = new Set(flatten(en));
const jaKeys = new Set(flatten(ja));

/**
 * A message a person or a log can read: English words, no translation key, no zod text. (The auth
 * library's own sentences, kept as the spec wants them, may end without a full stop.)
 */
function expectEnglishSentence(message: string) {
  expect(message).toMatch(/^[\x20-\x7E]+$/);
  expect(message).toMatch(/[A-Z][a-z]* [a-z]+/);
  expect(message).not.toMatch(/Invalid input|Invalid option|expected |received |Too (small|big)/);
  for (const word of message.match(/[a-z0-9_]+\.[a-z0-9_.]+|\b[a-z]+_[a-z_]+\b/g) ?? []) {
    expect(enKeys.has(word) || [...enKeys].some((key) => key.endsWith(`.${word}`))).toBe(false);
  }
}

/** Exactly the contract's shape: no other keys at any level. */
function expectContractShape(body: unknown, withIssues: boolean) {
  expect(Object.keys(body as object)).toEqual(["error"]);
  const { error } = body as { error: Record<string, unknown> };
  const allowed = ["code", "message", "reason", "issues"];
  expect(Object.keys(error).filter((key) => !allowed.includes(key))).toEqual([]);
  expect(typeof error.code).toBe("string");
  expect(error.reason === undefined || typeof error.reason === "string").toBe(true);
  expectEnglishSentence(error.message as string);
  if (!withIssues) return expect(error.issues).toBeUndefined();
  const issues = error.issues as Record<string, unknown>[];
  expect(issues.length).toBeGreaterThan(0);
  for (const issue of issues) {
    expect(Object.keys(issue).filter((key) => !["path", "key", "params"].includes(key))).toEqual([]);
    expect((issue.path as unknown[]).every((part) => ["string", "number"].includes(typeof part))).toBe(true);
    expect([issue.key, enKeys.has(issue.key as string), jaKeys.has(issue.key as string)]).toEqual([
      issue.key,
      true,
      true,
    ]);
  }
}

// A signed-in owner with a password, as after signing up (which the accounts tests test).
const { client: owner, userId, email } = await signedInClient(app, db, { password: TEST_PASSWORD });
const course = await createCourse(db, userId, { decks: 1, cardsPerDeck: 4 });
const target: RequestTarget = { courseId: course.id, deckId: course.decks[0]?.id ?? 0, email };

const cases = Object.entries(INVALID).flatMap(([endpoint, requests]) =>
  requests.map((request, i) => [`${endpoint} #${i + 1}`, endpoint, request] as const),
);

describe("the error contract", () => {
  it("has invalid requests (or none, deliberately) for every endpoint the app serves", () => {
    expect(apiEndpoints(app)).toEqual(Object.keys(INVALID).sort());
  });

  it.each(cases)("%s: refused in the contract's shape, naming the fields", async (_, endpoint, request) => {
    const [method = "GET", path = ""] = endpoint.split(" ");
    const filled = fillPath(path, { ...target, ...request.params }).replace("*", request.subPath ?? "");
    const query = new URLSearchParams(request.query).toString();
    const res = await owner.request(method, `${filled}${query ? `?${query}` : ""}`, request.body);
    expect(res.status).toBe(400);
    const body = await res.json();
    expectContractShape(body, true);
    expect(body.error.code).toBe("invalid_request");
    expect(body.error.issues.map((issue: { path: unknown }) => issue.path)).toEqual(request.paths);
  });

  it.each([
    ["an unknown endpoint", "/api/nothing-here", {}, 404],
    ["an unknown auth endpoint", "/api/auth/nothing-here", {}, 404],
    ["a body that is not JSON", "/api/courses", { body: "name=x", headers: { "content-type": "text/plain" } }, 400],
    ["a write from another site", "/api/courses", { headers: { origin: "https://elsewhere.example" } }, 403],
    ["a visitor's write", "/api/courses", {}, 401],
  ])("answers %s in the contract's shape, without issues", async (_, path, init, status) => {
    const { body, headers = {} } = init as { body?: string; headers?: Record<string, string> };
    const method = path === "/api/courses" ? "POST" : "GET";
    const res = await app.request(path, {
      method,
      body,
      headers: { origin: TEST_ORIGIN, "x-forwarded-for": new TestClient(app).ip, ...headers },
    });
    expect(res.status).toBe(status);
    expectContractShape(await res.json(), false);
  });
});
