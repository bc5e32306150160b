/**
 * One valid request per API endpoint ("METHOD /path" as the route table names it), for a user who
 * owns the course and deck given. The authorization matrix sends them as they are; the fuzz suite
 * starts from them and breaks one part at a time.
 */
export interface RequestTarget {
  courseId: number;
  deckId: number;
  /** A card of the deck, for the endpoints that record answers. */
  cardId?: number;
  email: string;
}

export interface ValidRequest {
  /** Replaces the `*` of the auth library's catch-all route. */
  subPath?: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

const cards = Array.from({ length: 4 }, (_, i) => ({ question: `Q${i}`, answer: `A${i}`, duration: 2 }));

export const VALID_REQUESTS: Record<string, (t: RequestTarget) => ValidRequest[]> = {
  "GET /api/health": () => [{}],
  "GET /api/auth/*": (): ValidRequest[] => [
    { subPath: "get-session" },
    { subPath: "verify-email", query: { token: "x" } },
    {
      subPath: "magic-link/verify",
      query: { token: "x", callbackURL: "/sign-in-link", errorCallbackURL: "/sign-in-link" },
    },
  ],
  "POST /api/auth/*": (t) => [
    { subPath: "sign-in/email", body: { email: t.email, password: "not-the-password-1" } },
    {
      subPath: "sign-up/email",
      body: { email: `new-${t.courseId}@test.example`, password: "long-enough-1", name: "x" },
    },
    { subPath: "request-password-reset", body: { email: t.email, redirectTo: "/reset-password" } },
    { subPath: "reset-password", body: { token: "not-a-token", newPassword: "long-enough-2" } },
    { subPath: "change-password", body: { currentPassword: "not-the-password-1", newPassword: "long-enough-2" } },
    { subPath: "send-verification-email", body: { email: t.email } },
    { subPath: "sign-in/magic-link", body: { email: t.email } },
  ],
  "GET /api/courses/most-followed": () => [{}],
  "GET /api/courses/:courseId": () => [{}],
  "GET /api/courses/:courseId/cards": () => [{}],
  "GET /api/decks/:deckId": () => [{}],
  "GET /api/search": () => [{ query: { q: "Course" } }, { query: { q: "a" } }],
  "GET /api/exports/:courseId": () => [
    { query: { format: "apkg" } },
    { query: { format: "csv" } },
    { query: { format: "quizlet" } },
  ],
  "GET /api/profile": () => [{}],
  "PUT /api/profile/language": () => [{ body: { language: "ja" } }],
  "PUT /api/profile/theme": () => [{ body: { theme: "dark" } }],
  "PUT /api/profile/display-name": () => [{ body: { displayName: "Ana María" } }, { body: { displayName: null } }],
  "POST /api/courses": () => [{ body: { name: "New course", description: "About it", tags: ["a", "b"] } }],
  "GET /api/me/home": () => [{}],
  "GET /api/me/courses": () => [{ query: { sort: "name", page: "1" } }],
  "GET /api/me/followed": () => [{ query: { sort: "oldest", page: "1" } }],
  "GET /api/me/in-progress": () => [{ query: { sort: "newest", page: "2" } }],
  "POST /api/progress/:deckId": () => [{}],
  "PUT /api/follows/:courseId": () => [{}],
  "DELETE /api/follows/:courseId": () => [{}],
  "POST /api/contact": () => [{ body: { message: "Hello" } }],
  "POST /api/readings": () => [{ body: { text: "日本語を勉強する" } }, { body: { text: "no kanji" } }],
  "POST /api/imports": (t) => [
    {
      body: {
        importId: crypto.randomUUID(),
        target: { kind: "new", course: { name: "Imported", description: "", tags: ["anki"] } },
        decks: [{ name: "Imported deck", description: "From a file", cards }],
      },
    },
    {
      body: {
        importId: crypto.randomUUID(),
        target: { kind: "existing", courseId: t.courseId },
        decks: [{ name: "Imported deck", description: "From a file", cards }],
      },
    },
  ],
  "PUT /api/courses/:courseId": () => [{ body: { name: "Renamed", description: "Changed", tags: ["x"] } }],
  "DELETE /api/courses/:courseId": () => [{}],
  "POST /api/courses/:courseId/decks": () => [{ body: { name: "Added", description: "Added deck", cards } }],
  "PUT /api/decks/:deckId": () => [
    { body: { name: "Renamed", description: "Changed", added: cards.slice(0, 1), changed: [], deleted: [] } },
  ],
  "DELETE /api/decks/:deckId": () => [{}],
  "POST /api/reviews": (t) => [{ body: answer(t) }],
  "POST /api/reviews/batch": (t) => [{ body: { reviews: [answer(t), answer(t)] } }],
  "GET /api/reviews/queue": (t) => [{}, { query: { courseId: String(t.courseId) } }],
  "GET /api/reviews/settings": () => [{}],
  "GET /api/reviews/summary": (t): ValidRequest[] => [
    {},
    { query: { courseId: String(t.courseId) } },
    { query: { deckId: String(t.deckId) } },
  ],
  "GET /api/stats": (t) => [{}, { query: { courseId: String(t.courseId) } }],
  "GET /api/stats/memory-model": () => [{}],
  "PUT /api/stats/memory-model": () => [{ body: { enabled: false } }, { body: { enabled: true } }],
  "POST /api/stats/memory-model/optimise": () => [{}],
  "GET /api/stats/leeches": (t) => [{}, { query: { courseId: String(t.courseId) } }],
  "GET /api/decks/:deckId/hard-cards": () => [{}],
  "PUT /api/reviews/settings": () => [
    { body: { desiredRetention: 0.85, newCardsPerDay: 10, reviewsPerDay: 100, timeZone: "Asia/Tokyo" } },
  ],
  "GET /api/reviews/exam-dates/:courseId": () => [{}],
  "PUT /api/reviews/exam-dates/:courseId": () => [
    { body: { examOn: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10) } },
  ],
  "DELETE /api/reviews/exam-dates/:courseId": () => [{}],
};

/** A right answer to the target's card, given now, with a new id each time. */
function answer(t: RequestTarget) {
  return {
    id: crypto.randomUUID(),
    cardId: t.cardId ?? 1,
    mode: "flip",
    grade: 3,
    responseMs: 1200,
    answeredAt: new Date().toISOString(),
  };
}
