/**
 * The optimiser's training data, built from a learner's counted answers (decision 0046): per card,
 * its answers in answer-time order, each with its grade and the days since the card's previous
 * answer (0 for the first, and for a second answer the same day). Days are the learner's calendar
 * days in their time zone, as the database reads them. Plain typed arrays, so the set crosses to the
 * optimiser's child process as three arrays of numbers instead of objects.
 */

/**
 * At most this many answers of one card are used, its first ones: the optimiser keeps histories of
 * up to 64 answers (fsrs-rs's default `maxSeqLen`), and each answer makes a training item holding
 * the card's whole history before it, so a longer one would cost its square for nothing.
 */
export const TRAINING_ANSWERS_PER_CARD_MAX = 64;

export interface TrainingSet {
  /** Where each card's answers start in `ratings` and `deltaDays`, and one more entry: their end. */
  cardStarts: Uint32Array;
  /** 1 Again, 2 Hard, 3 Good, 4 Easy. */
  ratings: Uint8Array;
  /** Days since the card's previous answer; 0 for its first. */
  deltaDays: Uint32Array;
}

/** One counted answer as read from the log, in (card, answer time) order. */
export interface TrainingRow {
  cardId: number;
  grade: number;
  /** The answer's calendar day in the learner's time zone, as a day number. */
  day: number;
}

/** Collects rows page by page (in card, then answer-time order) and makes the set. */
export class TrainingSetBuilder {
  private readonly starts: number[] = [];
  private readonly ratings: number[] = [];
  private readonly deltas: number[] = [];
  private card: number | null = null;
  private previousDay = 0;
  private inCard = 0;
  /** Answers read, those beyond a card's TRAINING_ANSWERS_PER_CARD_MAX included. */
  answersRead = 0;

  add(row: TrainingRow): void {
    this.answersRead += 1;
    if (row.cardId !== this.card) {
      this.card = row.cardId;
      this.starts.push(this.ratings.length);
      this.inCard = 0;
      this.previousDay = row.day;
    }
    if (this.inCard >= TRAINING_ANSWERS_PER_CARD_MAX) return;
    if (!(row.grade >= 1 && row.grade <= 4)) throw new Error(`an answer with grade ${row.grade} in the log`);
    this.inCard += 1;
    this.ratings.push(row.grade);
    // A clock moved back (an answer stored with an earlier day than the one before it) counts as the same day.
    this.deltas.push(this.inCard === 1 ? 0 : Math.max(0, row.day - this.previousDay));
    this.previousDay = row.day;
  }

  /** The card being read, for dropping it when the read stopped in the middle of its answers. */
  get currentCard(): number | null {
    return this.card;
  }

  /** Forgets the last card's answers (its history was cut off by the read's limit). */
  dropLastCard(): void {
    const start = this.starts.pop();
    if (start === undefined) return;
    this.ratings.length = start;
    this.deltas.length = start;
    this.card = null;
  }

  build(): TrainingSet {
    return {
      cardStarts: Uint32Array.from([...this.starts, this.ratings.length]),
      ratings: Uint8Array.from(this.ratings),
      deltaDays: Uint32Array.from(this.deltas),
    };
  }
}

/** Answers in the set. */
export function answersIn(set: TrainingSet): number {
  return set.ratings.length;
}

/**
 * The answers the optimiser learns from: every answer after a card's first (each is predicted from
 * the history before it) that comes a day or more after the previous one. Same-day answers train
 * only the short-term part of the model; the count tells whether there is enough to fit.
 */
export function longTermAnswersIn(set: TrainingSet): number {
  let count = 0;
  for (let card = 0; card + 1 < set.cardStarts.length; card += 1) {
    const start = set.cardStarts[card] ?? 0;
    const end = set.cardStarts[card + 1] ?? start;
    for (let i = start + 1; i < end; i += 1) if ((set.deltaDays[i] ?? 0) > 0) count += 1;
  }
  return count;
}
