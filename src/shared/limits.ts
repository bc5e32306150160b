/** The specification's business constants (section 9), in one place for server and client. */

export const SUPPORTED_LANGUAGES = ["en", "ja"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
/** Accepted in paths and redirected to the supported code (spec section 2, reading B). */
export const LANGUAGE_ALIASES: Readonly<Record<string, Language>> = { jp: "ja" };
export const PREFERRED_LANGUAGE_STORAGE_KEY = "preferredLanguage";

/** The colour scheme a person may choose (decision 0032), kept on the device and, signed in, in the account (0033). */
export const THEME_CHOICES = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** A display name a person chooses, shown on their course cards (decision 0033), in characters. */
export const DISPLAY_NAME_MAX_LENGTH = 40;

export const MOST_FOLLOWED_SHOWN = 3;
export const HOME_LIST_SIZE = 3;

export const SEARCH_NAME_HITS = 51;
export const SEARCH_MAX_COURSES = 50;
export const SEARCH_DECKS_PER_COURSE = 5;

export const CONTACT_COOLDOWN_MINUTES = 30;

export const DECK_MIN_CARDS = 4;
export const DECK_MAX_CARDS = 50;

/**
 * How much one course may hold (decision 0037): every export, course page and study session reads a
 * whole course, so its size is bounded. 100 full decks of cards, or 200 decks of any size.
 */
export const COURSE_MAX_DECKS = 200;
export const COURSE_MAX_CARDS = 5000;
/**
 * The most cards one practice round of a course holds (issue #23 item 4): a course may hold up to
 * COURSE_MAX_CARDS; a bigger one is practised 500 cards at a time, chosen at random.
 */
export const PRACTICE_MAX_CARDS = 500;

/** Exports one client address may ask for in a window (decision 0037), counted across processes. */
export const EXPORT_RATE_LIMIT = { max: 30, windowSeconds: 10 * 60 } as const;

/**
 * Reading suggestions one author may ask for in a window (decision 0053): a click per card of a
 * 50-card deck, several times over, and far below what would keep the analyser busy for others.
 */
export const READINGS_RATE_LIMIT = { max: 300, windowSeconds: 10 * 60 } as const;

export const CARD_DURATION_MIN_SECONDS = 0.5;
export const CARD_DURATION_MAX_SECONDS = 30;
export const CARD_DURATION_DEFAULT_CREATE = 3;
export const CARD_DURATION_DEFAULT_NEW_IN_EDITOR = 5;
export const CARD_DURATION_MARKS = [0.5, 1, 2, 3, 5, 10, 20, 30] as const;

export const TEST_OPTION_COUNT = 4;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const TOAST_MAX_VISIBLE = 20;
export const TOAST_ERROR_MS = 4000;
export const TOAST_SUCCESS_MS = 2000;

export const LANDING_ROTATION_MS = 1250;
export const LANDING_SWIPE_THRESHOLD_PX = 30;
export const LANDING_SECTION_LOCK_MS = 800;
/**
 * After a page change, how long a dialog or menu the navigation closed may take to hand the focus
 * back before the new page's heading takes it again (Radix: a tick; client/app/page-focus.ts).
 */
export const PAGE_FOCUS_RESTORE_MS = 400;

export const CARD_NAME_TRUNCATE = 88;
export const CARD_NAME_TRUNCATE_SEARCH = 97;
export const CARD_DESCRIPTION_TRUNCATE = 108;
export const CARD_DESCRIPTION_TRUNCATE_SEARCH = 126;

export const TILE_REMOVAL_CHECK_MS = 200;

export const CONFIRM_SIGNUP_SUCCESS_REDIRECT_MS = 2000;
export const CONFIRM_SIGNUP_FAILURE_REDIRECT_MS = 3000;

export const SESSION_CHECK_INTERVAL_MS = 30_000;

/** How long a mailed sign-in link works, once (decision 0041). */
export const SIGN_IN_LINK_MINUTES = 15;

/** Text sizes, so no request can store megabytes. Counted in characters. */
export const TEXT_LIMITS = {
  courseName: 120,
  courseDescription: 2000,
  tag: 40,
  tagsPerCourse: 20,
  deckName: 120,
  deckDescription: 2000,
  question: 500,
  answer: 500,
} as const;

/** The longest text a reading suggestion takes (decision 0053): a card's question or answer. */
export const READINGS_TEXT_MAX = Math.max(TEXT_LIMITS.question, TEXT_LIMITS.answer);

/**
 * The limits the texts state ("at most {{courseNameMax}} characters"), given to every translation
 * as i18next's default variables (client) and by englishText (server), so a message that names a
 * limit takes it from here and cannot drift from what the schemas check.
 */
export const LIMIT_TEXT_VARIABLES = {
  courseNameMax: TEXT_LIMITS.courseName,
  descriptionMax: TEXT_LIMITS.courseDescription,
  tagMax: TEXT_LIMITS.tag,
  tagsMax: TEXT_LIMITS.tagsPerCourse,
  deckNameMax: TEXT_LIMITS.deckName,
  questionMax: TEXT_LIMITS.question,
  answerMax: TEXT_LIMITS.answer,
  readingsTextMax: READINGS_TEXT_MAX,
  signInLinkMinutes: SIGN_IN_LINK_MINUTES,
  courseMaxDecks: COURSE_MAX_DECKS,
  courseMaxCards: COURSE_MAX_CARDS,
} as const;

/**
 * The largest body any API request may send, in bytes; the import has its own (IMPORT_MAX_BODY_BYTES).
 * The largest real one (a 50-card deck of 500-character texts) is well under it.
 */
export const API_MAX_BODY_BYTES = 512 * 1024;
/**
 * How deeply a JSON body may nest. The deepest real body, an import, nests four levels
 * (`{decks:[{cards:[{…}]}]}`); 32 leaves room for any shape the API may grow, and a body is
 * refused by a linear scan before JSON.parse or any walk over it sees `[[[[…]]]]`.
 */
export const JSON_MAX_DEPTH = 32;
