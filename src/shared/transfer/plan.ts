/**
 * The spec's limits applied to imported decks (decision 0027): a deck of more than 50 cards is
 * split into consecutive parts of at most 50 (sizes as even as possible, so no part falls under 4);
 * decks of fewer than 4 cards are pooled into one deck, or skipped when even the pool is under 4;
 * texts longer than the limits are cut; every card gets the default duration.
 */
import { CARD_DURATION_DEFAULT_CREATE, DECK_MAX_CARDS, DECK_MIN_CARDS, TEXT_LIMITS } from "../limits";
import type { ImportCard, ImportDeck } from "./types";

/** One import creates at most this many decks (2,000 cards): one request, one transaction. */
export const IMPORT_MAX_DECKS = 40;

export interface PlannedCard {
  question: string;
  answer: string;
  duration: number;
}

export interface PlannedDeck {
  name: string;
  description: string;
  cards: PlannedCard[];
  /** The source decks it comes from (several for the pool of small decks). */
  sources: string[];
  part?: { index: number; of: number };
}

export interface ImportPlan {
  decks: PlannedDeck[];
  /** Small decks whose cards went into the pooled deck. */
  merged: { name: string; cards: number }[];
  /** Small decks left out: even together they had fewer than 4 cards. */
  skipped: { name: string; cards: number }[];
  /** Decks beyond the per-import limit, left out. */
  overLimit: { name: string; cards: number }[];
  /** Questions or answers cut to the length limit. */
  shortened: number;
  cardCount: number;
  /** Cards of the planned decks whose display time came from the source (the rest get the default). */
  keptDurations: number;
}

export interface PlanTexts {
  /** "Verbs (Part 2)" */
  part: (name: string, index: number) => string;
  /** Name of the deck that pools the small decks. */
  pooled: string;
  /** Every deck needs a description: "Imported from …". */
  description: (source: string) => string;
}

const PART_SUFFIX_ROOM = 12;

function cut(text: string, max: number): [string, boolean] {
  const chars = [...text];
  return chars.length <= max ? [text, false] : [`${chars.slice(0, max - 1).join("")}…`, true];
}

/** Anki's "Parent::Child" and any other name, shortened to fit with room for a part number. */
export function deckName(name: string): string {
  const tidy =
    name
      .split("::")
      .map((s) => s.trim())
      .filter(Boolean)
      .join(" › ") || "—";
  return cut(tidy, TEXT_LIMITS.deckName - PART_SUFFIX_ROOM)[0];
}

function chunk<T>(items: T[]): T[][] {
  const parts = Math.ceil(items.length / DECK_MAX_CARDS);
  const size = Math.floor(items.length / parts);
  const extra = items.length % parts;
  const out: T[][] = [];
  let start = 0;
  for (let i = 0; i < parts; i++) {
    const end = start + size + (i < extra ? 1 : 0);
    out.push(items.slice(start, end));
    start = end;
  }
  return out;
}

export function planImport(decks: ImportDeck[], texts: PlanTexts): ImportPlan {
  let shortened = 0;
  const fromSource = new Set<PlannedCard>();
  const card = (c: ImportCard): PlannedCard => {
    const [question, q] = cut(c.question, TEXT_LIMITS.question);
    const [answer, a] = cut(c.answer, TEXT_LIMITS.answer);
    shortened += Number(q) + Number(a);
    const planned = { question, answer, duration: c.duration ?? CARD_DURATION_DEFAULT_CREATE };
    if (c.duration !== undefined) fromSource.add(planned);
    return planned;
  };
  const out: PlannedDeck[] = [];
  const add = (name: string, sources: string[], cards: PlannedCard[]) => {
    const parts = chunk(cards);
    for (const [i, partCards] of parts.entries()) {
      out.push({
        name: parts.length > 1 ? cut(texts.part(name, i + 1), TEXT_LIMITS.deckName)[0] : name,
        description: cut(texts.description(sources.join(", ")), TEXT_LIMITS.deckDescription)[0],
        cards: partCards,
        sources,
        ...(parts.length > 1 ? { part: { index: i + 1, of: parts.length } } : {}),
      });
    }
  };

  const small: ImportDeck[] = [];
  for (const deck of decks) {
    if (deck.cards.length === 0) continue;
    if (deck.cards.length < DECK_MIN_CARDS) small.push(deck);
    else add(deckName(deck.name), [deck.name], deck.cards.map(card));
  }
  const pooled = small.flatMap((deck) => deck.cards);
  const smallList = small.map((deck) => ({ name: deck.name, cards: deck.cards.length }));
  let merged: ImportPlan["merged"] = [];
  let skipped: ImportPlan["skipped"] = [];
  if (pooled.length >= DECK_MIN_CARDS) {
    add(
      deckName(texts.pooled),
      small.map((d) => d.name),
      pooled.map(card),
    );
    merged = smallList;
  } else skipped = smallList;

  const kept = out.slice(0, IMPORT_MAX_DECKS);
  const overLimit = out.slice(IMPORT_MAX_DECKS).map((deck) => ({ name: deck.name, cards: deck.cards.length }));
  return {
    decks: kept,
    merged,
    skipped,
    overLimit,
    shortened,
    cardCount: kept.reduce((sum, deck) => sum + deck.cards.length, 0),
    keptDurations: kept.reduce((sum, deck) => sum + deck.cards.filter((c) => fromSource.has(c)).length, 0),
  };
}

/** Course tags: the most used first, each within the tag length, at most the per-course number. */
export function courseTags(tags: string[]): { tags: string[]; dropped: number } {
  const unique: string[] = [];
  for (const raw of tags) {
    const tag = [...raw.trim()].slice(0, TEXT_LIMITS.tag).join("");
    if (tag && !unique.includes(tag)) unique.push(tag);
  }
  return {
    tags: unique.slice(0, TEXT_LIMITS.tagsPerCourse),
    dropped: Math.max(0, unique.length - TEXT_LIMITS.tagsPerCourse),
  };
}

/**
 * When every deck sits under one top-level deck (as a course exported by us, or a shared deck with
 * subdecks, does), that deck names the course and the decks keep only the rest of their names.
 */
export function withoutCommonParent(list: ImportDeck[]): { parent: string | null; decks: ImportDeck[] } {
  const first = list[0]?.name.split("::")[0];
  const shared = first !== undefined && list.every((deck) => deck.name.startsWith(`${first}::`));
  if (!shared) return { parent: null, decks: list };
  return { parent: first, decks: list.map((deck) => ({ ...deck, name: deck.name.slice(first.length + 2) })) };
}
