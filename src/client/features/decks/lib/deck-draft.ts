/**
 * A draft of an unsaved deck (new or edited) in local storage, so a reload or a closed tab loses
 * nothing typed: written as the person types, offered back when the editor opens again, removed
 * once the deck is saved or the person discards it. Keyed by user and deck (or course, for a new
 * deck), so one person's draft is never offered to another on the same browser.
 */
import { z } from "zod";
import { type CardRow, newRow } from "./card-rows";

export type DraftTarget = { kind: "create"; courseId: number } | { kind: "edit"; deckId: number };

const draftSchema = z.object({
  savedAt: z.string(),
  name: z.string(),
  description: z.string(),
  bulkDuration: z.number(),
  cards: z.array(
    z.object({
      savedId: z.number().optional(),
      question: z.string(),
      answer: z.string(),
      duration: z.number(),
    }),
  ),
});
export type DeckDraft = z.infer<typeof draftSchema>;

/** The browser's local storage, or null where it is refused (storage turned off, some sandboxes). */
export function draftStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Where one editor's draft lives. */
export interface DraftStore {
  storage: Storage;
  key: string;
}

export function draftKey(userId: string, target: DraftTarget): string {
  const where = target.kind === "create" ? `course-${target.courseId}` : `deck-${target.deckId}`;
  return `deckDraft:${userId}:${where}`;
}

/** The stored draft, or null when there is none or it cannot be read (an old or broken entry). */
export function readDraft(storage: Storage, key: string): DeckDraft | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Best effort: a full or refused storage (private windows) must not break the editor. */
export function writeDraft(storage: Storage, key: string, draft: DeckDraft): void {
  try {
    storage.setItem(key, JSON.stringify(draft));
  } catch {
    // Nothing to do: the editor still works, only without a draft.
  }
}

export function clearDraft(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // As above.
  }
}

/**
 * The editor's rows from a draft. A saved card the deck no longer has (deleted elsewhere since)
 * comes back as a new card, so its text is kept rather than silently dropped.
 */
export function rowsFromDraft(draft: DeckDraft, savedIds: ReadonlySet<number>): CardRow[] {
  return draft.cards.map((card) =>
    card.savedId !== undefined && savedIds.has(card.savedId)
      ? {
          key: String(card.savedId),
          savedId: card.savedId,
          question: card.question,
          answer: card.answer,
          duration: card.duration,
        }
      : newRow(card.duration, card.question, card.answer),
  );
}
