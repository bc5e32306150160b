/**
 * The whole data model (spec section 3), in one place.
 *
 * Auth tables follow Better Auth's core schema (user, session, account, verification, rate limit)
 * under plural table names; the adapter maps them by the JS keys used here.
 * Everything a user owns cascades away with the user; everything under a course cascades away
 * with the course, so deletes never leave orphans.
 */

import { LEECH_LAPSES } from "@shared/memory/limits";
import { relations, type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- auth (Better Auth)

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/**
 * Fixed-window request counters for the auth rate limits (per IP and per account). In the database
 * so that limits hold across every app process behind a load balancer.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
});

/**
 * Addresses an account has recently signed in (or reset its password) from. While an account is
 * under a guessing attack, sign-ins from these addresses are still let through (see
 * docs/decisions/0011-sign-in-lockout.md). Rows go with the user.
 */
export const signInAddresses = pgTable(
  "sign_in_addresses",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

/** Mail kept instead of sent when no SMTP server is configured (see /dev/outbox). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    links: text("links").array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt.desc(), t.id.desc())],
);

// ---------------------------------------------------------------- people

/** The spec's "users" row (created on first sign-in) and "languages" row, merged: one per user. */
export const userProfiles = pgTable(
  "user_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    language: text("language"),
    /** The colour scheme chosen while signed in (decision 0033); null: never chosen. */
    theme: text("theme"),
    /** The name a person chooses for their course cards (decision 0033); null: none, no name is shown. */
    displayName: text("display_name"),
    createdAt: createdAt(),
  },
  (t) => [
    check("user_profiles_language_check", sql`${t.language} in ('en', 'ja')`),
    check("user_profiles_theme_check", sql`${t.theme} in ('light', 'dark', 'system')`),
    check("user_profiles_display_name_check", sql`char_length(${t.displayName}) between 1 and 40`),
  ],
);

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    submission: text("submission").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_submissions_user_created_idx").on(t.userId, t.createdAt.desc())],
);

// ---------------------------------------------------------------- courses

/**
 * A name as people sort it (decision 0029): case and width folded, katakana read as hiragana,
 * digit runs compared as numbers. `natural_sort_key` is the immutable SQL function the migration
 * 0006 defines; `COLLATE "C"` makes PGlite and any PostgreSQL order the keys alike. Queries and
 * the index must use this very expression for the index to serve them.
 */
export const nameSortKey = (name: AnyPgColumn | SQL) => sql`(natural_sort_key(${name}) collate "C")`;

export const courses = pgTable(
  "courses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** BCP 47 tags of the questions' and the answers' language (shared/card-languages.ts, decision 0052). */
    questionLanguage: text("question_language").notNull().default("en"),
    answerLanguage: text("answer_language").notNull().default("en"),
    /** Kept by a trigger on followed_courses (see the migration), so "most followed" is an index scan. */
    followCount: integer("follow_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("courses_user_created_idx").on(t.userId, t.createdAt, t.id),
    // "Alphabetical" as people read (decision 0029): by the natural sort key, byte order on every server.
    index("courses_user_name_key_idx").on(t.userId, nameSortKey(t.name), t.id),
    // NULLS FIRST is what `ORDER BY follow_count DESC` means: only a matching index serves it.
    index("courses_follow_count_idx").on(t.followCount.desc().nullsFirst(), t.id),
    index("courses_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    // Searches of 1 or 2 characters (too short for trigrams): names starting with them, most followed first.
    index("courses_name_prefix1_idx").on(sql`left(lower(${t.name}), 1)`, t.followCount.desc().nullsFirst(), t.id),
    index("courses_name_prefix2_idx").on(sql`left(lower(${t.name}), 2)`, t.followCount.desc().nullsFirst(), t.id),
  ],
);

export const courseTags = pgTable(
  "course_tags",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
  },
  (t) => [
    uniqueIndex("course_tags_course_tag_idx").on(t.courseId, t.tag),
    index("course_tags_tag_trgm_idx").using("gin", sql`${t.tag} gin_trgm_ops`),
    // Searches of 1 or 2 characters: the tag itself, whatever its case.
    index("course_tags_tag_lower_idx").on(sql`lower(${t.tag})`, t.courseId),
  ],
);

/**
 * Every tag text in use, once (kept by a trigger on course_tags, see the migration). A search of 3 or
 * more characters matches these few rows against the trigram index, then reads the courses of the
 * matching tags from course_tags_tag_lower_idx, instead of testing millions of course_tags rows.
 * A tag no course uses any more stays here; it then simply finds nothing.
 */
export const tagNames = pgTable(
  "tag_names",
  {
    tag: text("tag").primaryKey(),
  },
  (t) => [index("tag_names_tag_trgm_idx").using("gin", sql`${t.tag} gin_trgm_ops`)],
);

export const decks = pgTable(
  "decks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Order within the course, from 1. Unique, so two decks created at once cannot share a level. */
    level: integer("level").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("decks_course_level_idx").on(t.courseId, t.level),
    index("decks_user_id_idx").on(t.userId),
    index("decks_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("decks_name_prefix1_idx").on(sql`left(lower(${t.name}), 1)`, t.courseId, t.level),
    index("decks_name_prefix2_idx").on(sql`left(lower(${t.name}), 2)`, t.courseId, t.level),
  ],
);

export const flashcards = pgTable(
  "flashcards",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    deckId: integer("deck_id")
      .notNull()
      .references(() => decks.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    correctAnswer: text("correct_answer").notNull(),
    /** Seconds the question is shown in the test. */
    duration: real("duration").notNull().default(3),
  },
  (t) => [
    index("flashcards_deck_id_idx").on(t.deckId, t.id),
    check("flashcards_duration_check", sql`${t.duration} >= 0.5 and ${t.duration} <= 30`),
  ],
);

// ---------------------------------------------------------------- learning

/** A row means the user passed the deck's test. */
export const userProgress = pgTable(
  "user_progress",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    deckId: integer("deck_id")
      .notNull()
      .references(() => decks.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("user_progress_user_deck_idx").on(t.userId, t.deckId),
    index("user_progress_user_course_idx").on(t.userId, t.courseId),
    index("user_progress_deck_id_idx").on(t.deckId),
    index("user_progress_course_id_idx").on(t.courseId),
  ],
);

export const followedCourses = pgTable(
  "followed_courses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("followed_courses_user_course_idx").on(t.userId, t.courseId),
    index("followed_courses_user_created_idx").on(t.userId, t.createdAt),
    index("followed_courses_course_id_idx").on(t.courseId),
  ],
);

// ---------------------------------------------------------------- learning memory (decision 0021)

/**
 * Every answer a signed-in learner gives, in any mode: append-only, the source of truth for card
 * memory. The id is the client's, so a resent answer is recorded once.
 */
export const reviewLog = pgTable(
  "review_log",
  {
    /** The client's id: unique per user (another user's id never makes an answer a duplicate). */
    id: uuid("id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cardId: integer("card_id")
      .notNull()
      .references(() => flashcards.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** A study mode, the test, review, write or practice (REVIEW_MODES in shared/schemas/review.ts). */
    mode: text("mode").notNull(),
    /** 1 Again, 2 Hard, 3 Good, 4 Easy. */
    grade: smallint("grade").notNull(),
    responseMs: integer("response_ms"),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Whether the answer is part of the card's memory (shared/memory/recall.ts, decisions 0038 and
     * 0047). Statistics count every answer.
     */
    counted: boolean("counted").notNull().default(true),
    /**
     * Why it does not count (shared/memory/recall.ts): recognition (matching, tiles), practice,
     * same_day (a recall repeat the same day) or late (beyond the window); null when it counts.
     * A late answer's replay decides again for same_day and counted ones within its window.
     */
    uncountedReason: text("uncounted_reason"),
    // The card's memory right after this answer: the snapshot a late answer replays from (decision
    // 0038). Null on an answer that does not count and on answers stored before the snapshots.
    memoryDue: timestamp("memory_due", { withTimezone: true }),
    memoryStability: doublePrecision("memory_stability"),
    memoryDifficulty: doublePrecision("memory_difficulty"),
    memoryState: text("memory_state"),
    memoryReps: integer("memory_reps"),
    memoryLapses: integer("memory_lapses"),
    memoryLearningSteps: integer("memory_learning_steps"),
    memoryScheduledDays: integer("memory_scheduled_days"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    // Answer-time order with its tie-break (the id): a late answer reads the newest rows of a card.
    index("review_log_user_card_answered_idx").on(t.userId, t.cardId, t.answeredAt, t.id),
    // Statistics read grade and course beside the time: all in the index, so no table pages.
    index("review_log_user_answered_idx").on(t.userId, t.answeredAt, t.grade, t.courseId),
    index("review_log_user_test_idx")
      .on(t.userId, t.cardId, t.responseMs)
      .where(sql`${t.mode} = 'test' and ${t.responseMs} is not null`),
    index("review_log_card_id_idx").on(t.cardId),
    index("review_log_course_id_idx").on(t.courseId),
    check("review_log_grade_check", sql`${t.grade} between 1 and 4`),
    check(
      "review_log_mode_check",
      sql`${t.mode} in ('flip', 'choice', 'matching', 'tiles', 'test', 'review', 'write', 'practice')`,
    ),
    check(
      "review_log_uncounted_reason_check",
      sql`(${t.counted} and ${t.uncountedReason} is null) or (not ${t.counted} and ${t.uncountedReason} in ('recognition', 'practice', 'same_day', 'late'))`,
    ),
  ],
);

/**
 * A learner's memory of one card, derived from the review log (shared/memory/scheduler.ts): kept so
 * the due queue is one indexed read. Dropped with the card; kept when the card is edited.
 */
export const cardMemory = pgTable(
  "card_memory",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cardId: integer("card_id")
      .notNull()
      .references(() => flashcards.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    due: timestamp("due", { withTimezone: true }).notNull(),
    stability: doublePrecision("stability").notNull(),
    difficulty: doublePrecision("difficulty").notNull(),
    /** new, learning, review or relearning. */
    state: text("state").notNull(),
    reps: integer("reps").notNull(),
    lapses: integer("lapses").notNull(),
    learningSteps: integer("learning_steps").notNull(),
    scheduledDays: integer("scheduled_days").notNull(),
    lastReview: timestamp("last_review", { withTimezone: true }),
    /** The first answer's time: when the card stopped being new (the daily new-card limit counts these). */
    introducedAt: timestamp("introduced_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.cardId] }),
    index("card_memory_user_due_idx").on(t.userId, t.due),
    index("card_memory_user_course_due_idx").on(t.userId, t.courseId, t.due),
    index("card_memory_user_introduced_idx").on(t.userId, t.introducedAt),
    // By card, with the lapses beside it: a deck's figures for its author (decision 0045) are counted
    // from the index alone, not from one table page per learner.
    index("card_memory_card_lapses_idx").on(t.cardId, t.lapses),
    // A learner's leeches without reading every card they study (decision 0045): a few rows each.
    index("card_memory_user_leech_idx")
      .on(t.userId)
      .where(sql`${t.lapses} >= ${sql.raw(String(LEECH_LAPSES))}`),
    index("card_memory_course_id_idx").on(t.courseId),
  ],
);

/** A learner's review settings; a user without a row has the defaults (shared/memory/limits.ts). */
export const reviewSettings = pgTable("review_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  desiredRetention: real("desired_retention").notNull(),
  newCardsPerDay: integer("new_cards_per_day").notNull(),
  reviewsPerDay: integer("reviews_per_day").notNull(),
  timeZone: text("time_zone").notNull(),
  updatedAt: updatedAt(),
});

/**
 * A learner's exam date for a course (issue #23 item 5, decision 0049): until the exam day begins,
 * every card of the course that would come back after it comes back the day before instead.
 */
export const examDates = pgTable(
  "exam_dates",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** The exam's calendar day, in the learner's time zone. */
    examOn: date("exam_on", { mode: "string" }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index("exam_dates_course_idx").on(t.courseId)],
);

/**
 * A learner's own memory model (decision 0046): the FSRS weights the optimiser fitted to their
 * counted answers, how well they and the defaults predict those answers, and the state of the last
 * run. No row: never optimised, the defaults. The weights schedule only while `enabled` (the
 * learner's switch, on by default) and only when they fit better than the defaults (else null).
 */
export const memoryModels = pgTable(
  "memory_models",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The weights (FSRS-6: 21 numbers); null until a run made better ones than the defaults. */
    parameters: doublePrecision("parameters").array(),
    enabled: boolean("enabled").notNull().default(true),
    /** idle (never run: the row holds the switch), running, done or failed: the last run's state. */
    status: text("status").notNull(),
    /** When the last run started (a run still "running" long after this was stopped: another may start). */
    startedAt: timestamp("started_at", { withTimezone: true }),
    /** When the last run that succeeded finished, and what it learnt from. */
    optimisedAt: timestamp("optimised_at", { withTimezone: true }),
    answersUsed: integer("answers_used"),
    /** The newest answer the last run read: later counted answers are new to the model. */
    lastAnsweredAt: timestamp("last_answered_at", { withTimezone: true }),
    /** Log loss and binned RMSE (0–1) of the defaults and of the fitted weights on the same answers. */
    defaultLogLoss: doublePrecision("default_log_loss"),
    defaultRmse: doublePrecision("default_rmse"),
    personalLogLoss: doublePrecision("personal_log_loss"),
    personalRmse: doublePrecision("personal_rmse"),
    durationMs: integer("duration_ms"),
    /** Why the last run failed (for the operator; the learner sees that it failed). */
    lastError: text("last_error"),
    /** The learner's last "Optimise now": once an hour. */
    requestedAt: timestamp("requested_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [check("memory_models_status_check", sql`${t.status} in ('idle', 'running', 'done', 'failed')`)],
);

/**
 * Imports already made, by the id the import page made (features/imports): a resent import finds
 * its row and answers with what the first one made. The row is claimed first, in the import's own
 * transaction, and gets the course and decks before it commits (decision 0027).
 */
export const courseImports = pgTable(
  "course_imports",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    importId: uuid("import_id").notNull(),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "cascade" }),
    deckIds: integer("deck_ids").array().notNull().default(sql`'{}'`),
    createdAt: createdAt(),
  },
  // Deleting a course finds its import rows by this index, not by a scan.
  (t) => [primaryKey({ columns: [t.userId, t.importId] }), index("course_imports_course_idx").on(t.courseId)],
);

// ---------------------------------------------------------------- relations (for db.query.*)

export const coursesRelations = relations(courses, ({ many }) => ({
  tags: many(courseTags),
  decks: many(decks),
}));

export const courseTagsRelations = relations(courseTags, ({ one }) => ({
  course: one(courses, { fields: [courseTags.courseId], references: [courses.id] }),
}));

export const decksRelations = relations(decks, ({ one, many }) => ({
  course: one(courses, { fields: [decks.courseId], references: [courses.id] }),
  flashcards: many(flashcards),
}));

export const flashcardsRelations = relations(flashcards, ({ one }) => ({
  deck: one(decks, { fields: [flashcards.deckId], references: [decks.id] }),
}));
