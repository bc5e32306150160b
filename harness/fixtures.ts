/**
 * Data for browser tests and benchmarks, made through the real API as a person's browser would
 * make it: an account confirmed through the outbox, then a course and a deck with the given cards.
 */

/** A unique address for a test account. */
export const newEmail = (label = "person") => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;

export interface DeckFixture {
  /** The author's session cookie, for more API calls as them. */
  cookie: string;
  email: string;
  password: string;
  courseId: number;
  courseName: string;
  deckId: number;
  cards: { question: string; answer: string }[];
}

type Call = (path: string, init?: { method?: string; body?: unknown; cookie?: string }) => Promise<Response>;

/** 10.x.y.z: an address of a private network, as a proxy in front of the server would pass it on. */
const privateAddress = () =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/**
 * API calls as one person at one address. The browser run's server trusts one proxy (global
 * setup), so each fixture's author arrives from an address of its own, as people do: sign-up's
 * per-address limit (20 an hour) counts them apart instead of as one machine making every account
 * of the run. The outbox, open to this machine only, is read without it.
 */
const caller = (baseURL: string): Call => {
  const address = privateAddress();
  return async (path, init = {}) => {
    const res = await fetch(`${baseURL}${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      redirect: "manual",
      headers: {
        origin: baseURL,
        ...(path.startsWith("/dev/") ? {} : { "x-forwarded-for": address }),
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return res;
  };
};

export interface CardFixture {
  question: string;
  answer: string;
  /** Seconds; 0.5 unless given. */
  duration?: number;
}

export async function createDeckFixture(baseURL: string, cards: CardFixture[]): Promise<DeckFixture> {
  const call = caller(baseURL);
  const email = newEmail("author");
  const password = "long-enough-1";
  const signUp = await call("/api/auth/sign-up/email", {
    body: { email, password, name: "author", callbackURL: "/confirm-signup" },
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${await signUp.text()}`);

  const outbox = await (await call("/dev/outbox")).text();
  const article = outbox.split("<article>").find((part) => part.includes(email)) ?? "";
  const link = /href="([^"]+)"/.exec(article)?.[1]?.replaceAll("&amp;", "&");
  if (!link) throw new Error(`no confirmation link for ${email}`);
  const confirmed = await call(new URL(link).pathname + new URL(link).search);
  const cookie = confirmed.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

  const courseName = `Fixture ${crypto.randomUUID().slice(0, 6)}`;
  const course = await call("/api/courses", { body: { name: courseName, description: "For tests" }, cookie });
  const { id: courseId } = (await course.json()) as { id: number };
  const deck = await call(`/api/courses/${courseId}/decks`, {
    body: {
      name: "Numbers",
      description: "Spanish numbers",
      cards: cards.map((c) => ({ ...c, duration: c.duration ?? 0.5 })),
    },
    cookie,
  });
  const { id: deckId } = (await deck.json()) as { id: number };
  return { cookie, email, password, courseId, courseName, deckId, cards };
}

/** Another course, or another deck, for the author of a fixture. */
export async function addCourse(baseURL: string, cookie: string, name: string): Promise<number> {
  const res = await caller(baseURL)("/api/courses", { body: { name, description: `About ${name}` }, cookie });
  if (!res.ok) throw new Error(`course not created: ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

export async function addDeck(baseURL: string, cookie: string, courseId: number, name: string, cards: CardFixture[]) {
  const res = await caller(baseURL)(`/api/courses/${courseId}/decks`, {
    body: { name, description: name, cards: cards.map((c) => ({ ...c, duration: c.duration ?? 0.5 })) },
    cookie,
  });
  if (!res.ok) throw new Error(`deck not created: ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}
