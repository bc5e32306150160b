/**
 * A learner's review log made up for the optimiser's test and benchmark (decision 0046): cards
 * introduced a few a day and answered when the default model schedules them, each answer right or
 * wrong by a hidden "true" memory that forgets faster than the defaults predict. The optimiser has
 * something to find, so personal weights fit the log better than the defaults. Seeded: the same
 * arguments give the same log.
 */
import {
  applyAnswer,
  DEFAULT_PARAMETERS,
  type Grade,
  type Memory,
  type MemoryParameters,
  retrievability,
} from "@shared/memory/scheduler";

export interface SyntheticAnswer {
  /** 0, 1, 2…: which made-up card. */
  card: number;
  grade: Grade;
  answeredAt: Date;
}

export interface SyntheticLogOptions {
  /** Answers to make (the log stops at this many). */
  answers: number;
  /** New cards a day. */
  newPerDay?: number;
  /** The first day's midnight (UTC). */
  start?: Date;
  seed?: number;
}

/** The hidden memory: first stabilities a third of the defaults', slower growth after a success. */
export const SYNTHETIC_TRUE_PARAMETERS: MemoryParameters = DEFAULT_PARAMETERS.map((w, i) =>
  i <= 3 ? w / 3 : i === 8 ? w * 0.75 : w,
);

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/** mulberry32: a small seeded generator, good enough for made-up answers. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface SimulatedCard {
  card: number;
  /** What the scheduler (defaults) knows: when the card is due. */
  scheduled: Memory | null;
  /** The hidden memory that decides whether an answer is right. */
  truth: Memory | null;
}

/** Answers in time order, day after day, until `answers` are made. */
export function syntheticReviewLog({
  answers,
  newPerDay = 12,
  start = new Date(Date.UTC(2025, 0, 1)),
  seed = 7,
}: SyntheticLogOptions): SyntheticAnswer[] {
  const next = random(seed);
  const log: SyntheticAnswer[] = [];
  const cards: SimulatedCard[] = [];
  const answer = (card: SimulatedCard, at: Date) => {
    const chance = card.truth ? retrievability(card.truth, at, SYNTHETIC_TRUE_PARAMETERS) : 0;
    const right = card.truth === null ? next() < 0.75 : next() < chance;
    // Mostly Good when right, sometimes Hard or Easy; Again when wrong.
    const roll = next();
    const grade: Grade = !right ? 1 : roll < 0.1 ? 2 : roll > 0.95 ? 4 : 3;
    card.scheduled = applyAnswer(card.scheduled, { grade, answeredAt: at });
    card.truth = applyAnswer(card.truth, { grade, answeredAt: at }, undefined, SYNTHETIC_TRUE_PARAMETERS);
    log.push({ card: card.card, grade, answeredAt: at });
  };

  for (let day = 0; log.length < answers; day += 1) {
    const dayStart = start.getTime() + day * DAY;
    // The learner studies once a day, from 8:00, a few seconds an answer; learning steps of minutes
    // come back the same session, as on the review screen.
    let clock = dayStart + 8 * 60 * MINUTE;
    for (let i = 0; i < newPerDay; i += 1) cards.push({ card: cards.length, scheduled: null, truth: null });
    for (let round = 0; round < 6 && log.length < answers; round += 1) {
      const due = cards.filter(
        (card) => card.scheduled === null || card.scheduled.due.getTime() <= clock + 15 * MINUTE,
      );
      if (due.length === 0) break;
      for (const card of due) {
        if (log.length >= answers) break;
        clock += 5000 + Math.floor(next() * 10_000);
        answer(card, new Date(Math.max(clock, card.scheduled?.due.getTime() ?? 0)));
      }
      clock += 10 * MINUTE;
    }
  }
  return log.sort((a, b) => a.answeredAt.getTime() - b.answeredAt.getTime());
}
