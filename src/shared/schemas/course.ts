import { z } from "zod";
import { cardLanguage, type SideLanguages } from "../card-languages";
import { TEXT_LIMITS } from "../limits";
import { storableText } from "./text";

/** Ids in paths are positive integers; anything else is a 400, not a database error. */
export const entityId = z.coerce.number().int().positive().max(2_147_483_647);

export const courseIdParams = z.object({ courseId: entityId });

/** Commas between tags, as people type them in English and Japanese. */
const TAG_SEPARATORS = /[,、，]/;

/** What makes two tags the same tag: their letters, whatever their case or width. */
export const tagKey = (tag: string) => tag.normalize("NFKC").toLocaleLowerCase("und");

/**
 * Tags as stored: "a, b" typed as one is two tags, each trimmed, none blank, and tags differing
 * only in case are one tag (the first spelling is kept).
 */
export function normalizeTags(tags: readonly string[]): string[] {
  const kept = new Map<string, string>();
  for (const part of tags.flatMap((tag) => tag.split(TAG_SEPARATORS))) {
    const trimmed = part.trim();
    if (trimmed && !kept.has(tagKey(trimmed))) kept.set(tagKey(trimmed), trimmed);
  }
  return [...kept.values()];
}

const tag = storableText().trim().min(1, "validation.tag_required").max(TEXT_LIMITS.tag, "validation.tag_too_long");

/** Create and edit course. Messages are translation keys (src/shared/errors.ts turns them into issues). */
export const courseInput = z.object({
  name: storableText()
    .trim()
    .min(1, "validation.course_name_required")
    .max(TEXT_LIMITS.courseName, "validation.course_name_too_long"),
  description: storableText().trim().max(TEXT_LIMITS.courseDescription, "validation.description_too_long").default(""),
  tags: z
    .array(tag)
    .default([])
    .transform(normalizeTags)
    .refine((tags) => tags.length <= TEXT_LIMITS.tagsPerCourse, "validation.too_many_tags"),
  /**
   * The languages of the questions and of the answers (decision 0052). Left out on create: the
   * author's interface language; left out on edit: unchanged.
   */
  questionLanguage: cardLanguage.optional(),
  answerLanguage: cardLanguage.optional(),
});
export type CourseInput = z.input<typeof courseInput>;

export interface CourseSummary {
  id: number;
  name: string;
  description: string;
}

/** A course as its card shows it: what a person needs to choose it (issue #14). */
export interface CourseCardSummary extends CourseSummary {
  deckCount: number;
  cardCount: number;
  followCount: number;
  /** The owner's chosen display name; null when they chose none (decision 0033). */
  ownerName: string | null;
}

export interface DeckListItem {
  id: number;
  name: string;
  level: number;
  description: string;
  /** Absent in a course kept offline before the course page showed it. */
  cardCount?: number;
}

export interface CourseDetail extends CourseSummary, SideLanguages {
  ownerId: string;
  createdAt: string;
  tags: string[];
  decks: DeckListItem[];
  /** What the signed-in viewer has to do with the course; null for visitors. */
  viewer: { passedDeckIds: number[]; following: boolean } | null;
}

export const LIST_PAGE_SIZE = 24;

/** Full personal lists: newest first (the default, "Most recent"), oldest first, or by name. */
export const courseListQuery = z.object({
  sort: z.enum(["newest", "oldest", "name"]).default("newest"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type CourseListSort = z.infer<typeof courseListQuery>["sort"];

/** A course in the signed-in user's own lists, with how far they are through it. */
export interface MyCourseSummary extends CourseCardSummary {
  passedDecks: number;
}

export interface CourseListPage {
  items: MyCourseSummary[];
  hasMore: boolean;
}

export interface HomeLists {
  own: MyCourseSummary[];
  inProgress: MyCourseSummary[];
  followed: MyCourseSummary[];
  /** Courses with every deck passed: no longer "in progress", so Home says how many instead. */
  completedCourses: number;
}

export interface SearchResult extends CourseCardSummary {
  /** Up to five of the course's decks whose names match. */
  decks: { id: number; name: string }[];
  /** Why the course was found: its name matches, and which of its tags (up to five) match. */
  nameMatched: boolean;
  tags: string[];
}

export const searchQuery = z.object({
  q: storableText().trim().min(1, "validation.search_query_required").max(100, "validation.search_query_too_long"),
});

/** A search's reply: at most 50 courses; `more` when further courses match too. */
export interface SearchReply {
  items: SearchResult[];
  more: boolean;
}

/** A card to practise (issue #23 item 4): any card of the course, due or not. */
export interface PracticeCard {
  id: number;
  deckId: number;
  question: string;
  answer: string;
}

/**
 * A course's cards for practice: all of them in deck order, or, when the course holds more than
 * PRACTICE_MAX_CARDS, that many chosen at random (`total` says how many it holds).
 */
export interface CoursePracticeCards extends SideLanguages {
  courseId: number;
  courseName: string;
  total: number;
  cards: PracticeCard[];
}
