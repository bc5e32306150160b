/** Learning memory's settings and bounds (issue #11), shared by server and client. */
export const DEFAULT_DESIRED_RETENTION = 0.9;
export const MIN_DESIRED_RETENTION = 0.7;
export const MAX_DESIRED_RETENTION = 0.99;
export const DEFAULT_NEW_CARDS_PER_DAY = 20;
export const DEFAULT_REVIEWS_PER_DAY = 200;
export const MAX_CARDS_PER_DAY = 9999;
/** Cards the review screen gets at a time (each with its next intervals); it asks again for more. */
export const REVIEW_QUEUE_PAGE = 50;
/** Answers sent in one batch (an offline outbox sends more in several). */
export const REVIEW_BATCH_MAX = 500;
/** An answer time this far ahead of the server's clock is refused (clock skew allowed for). */
export const ANSWER_MAX_FUTURE_MS = 5 * 60 * 1000;
/** An answer time older than this is refused: no real outbox holds answers this long. */
export const ANSWER_MAX_AGE_MS = 366 * 24 * 60 * 60 * 1000;
/**
 * Answers of one card that count in one UTC day; more are refused. Every study mode, the test and
 * review on one deck, several rounds each, answer a card some 20-30 times: 50 is never met by a
 * learner, and it bounds what one card's log can grow by (decision 0038).
 */
export const CARD_ANSWERS_PER_DAY_MAX = 50;
/**
 * A late answer (given before the card's last one) is replayed from the snapshot before it when at
 * most this many answers of the card were stored after it; else it is recorded without counting
 * for memory. Bounds a late answer's work to this many steps (decision 0038).
 */
export const LATE_ANSWER_WINDOW = 30;
/** A response time above this is not a real one (a tab left open): stored as unknown. */
export const RESPONSE_MS_MAX = 10 * 60 * 1000;
/** Statistics: a year of daily reviews, 30 days of forecast, a year of weekly retention. */
export const STATS_HISTORY_DAYS = 365;
export const STATS_FORECAST_DAYS = 30;
export const STATS_RETENTION_WEEKS = 52;
/** An exam date may be set from today up to this many days ahead (issue #23 item 5). */
export const EXAM_DATE_MAX_DAYS_AHEAD = 730;
/**
 * Your own memory model (decision 0046): the learner's FSRS weights are fitted to their answers once
 * they have this many counted answers (Anki asks for about 400 before it optimises).
 */
export const OPTIMISE_MIN_ANSWERS = 400;
/** A fit reads at most this many counted answers (whole cards, in card order). */
export const OPTIMISE_MAX_ANSWERS = 100_000;
/** The model is fitted again after this many new counted answers… */
export const REOPTIMISE_AFTER_ANSWERS = 1000;
/** …or after this many days with some new counted answers (Anki suggests monthly). */
export const REOPTIMISE_AFTER_DAYS = 30;
/** "Optimise now" at most once in this long, per learner. */
export const OPTIMISE_NOW_INTERVAL_MS = 60 * 60 * 1000;
/**
 * A leech: a card the learner has forgotten this many times (FSRS lapses: Again on a card in review
 * state), Anki's leech threshold. Listed in Statistics and at the end of a review (decision 0045).
 */
export const LEECH_LAPSES = 8;
/** Leeches listed at a time (the total is said beside them). */
export const LEECHES_SHOWN = 50;
/**
 * A deck's author sees how a card is remembered only once this many learners (the author aside)
 * have answered it: fewer would say little, and could point at one person (decision 0045).
 */
export const AUTHOR_STATS_MIN_LEARNERS = 5;
/** The hardest cards of a deck shown to its author. */
export const HARD_CARDS_SHOWN = 10;
