/**
 * Listening to card text with the browser's own speech synthesis (issue #24 item 5, decision 0052):
 * the voices are the device's, so no text or audio leaves it. A side is read in its language; a
 * text with readings is read by its readings (`日本[にほん]` is spoken にほん, not guessed).
 */
import { furiganaReading } from "@shared/furigana/furigana";
import { useSyncExternalStore } from "react";

/** The parts of a voice this module uses (SpeechSynthesisVoice, or a test's stand-in). */
export type Voice = Pick<SpeechSynthesisVoice, "lang" | "name" | "default" | "localService">;

// Scripts tell Chinese voices apart by region: Simplified is the mainland's, Traditional Taiwan's or Hong Kong's.
const SCRIPT_REGIONS: Readonly<Record<string, readonly string[]>> = {
  "zh-hans": ["zh-cn", "zh-sg"],
  "zh-hant": ["zh-tw", "zh-hk"],
};

const normalise = (tag: string) => tag.replace(/_/g, "-").toLowerCase();

/**
 * The voice to read text in `lang`: one of exactly that language, else of its region's script, else
 * any of the same language ("pt-BR" text in a "pt-PT" voice; romaji, "ja-Latn", in a Japanese voice).
 * Among equals a voice on the device comes first, then the system's default.
 */
export function findVoice<V extends Voice>(voices: readonly V[], lang: string): V | undefined {
  const wanted = normalise(lang);
  const primary = wanted.split("-")[0];
  const regions = SCRIPT_REGIONS[wanted] ?? [];
  const rank = (voice: V) => {
    const tag = normalise(voice.lang);
    if (tag === wanted) return 0;
    if (regions.includes(tag)) return 1;
    if (tag.split("-")[0] === primary) return 2;
    return undefined;
  };
  let best: { voice: V; score: number } | undefined;
  for (const voice of voices) {
    const match = rank(voice);
    if (match === undefined) continue;
    const score = match * 4 + (voice.localService ? 0 : 2) + (voice.default ? 0 : 1);
    if (!best || score < best.score) best = { voice, score };
  }
  return best?.voice;
}

/** What is spoken for a card's text: its readings where it has them. */
export function spokenText(text: string): string {
  return furiganaReading(text);
}

const synthesis = (): SpeechSynthesis | undefined =>
  typeof window !== "undefined" && "speechSynthesis" in window ? window.speechSynthesis : undefined;

const NO_VOICES: readonly SpeechSynthesisVoice[] = [];
/** getVoices() makes a new array on each call: React is given the same one until the voices change. */
let voices: readonly SpeechSynthesisVoice[] | undefined;

function readVoices(): readonly SpeechSynthesisVoice[] {
  voices ??= synthesis()?.getVoices() ?? NO_VOICES;
  return voices;
}

function subscribe(listener: () => void) {
  const speech = synthesis();
  if (!speech) return () => {};
  // Chromium lists its voices only after a while, and a system may add or remove one later.
  const changed = () => {
    voices = speech.getVoices();
    listener();
  };
  speech.addEventListener("voiceschanged", changed);
  return () => speech.removeEventListener("voiceschanged", changed);
}

/** The voice this browser has for `lang`, or undefined (none, or no speech synthesis at all). */
export function useVoice(lang: string | undefined): SpeechSynthesisVoice | undefined {
  const list = useSyncExternalStore(subscribe, readVoices, () => NO_VOICES);
  return lang ? findVoice(list, lang) : undefined;
}

/** Reads the text aloud, stopping whatever was being read. */
export function speak(text: string, lang: string, voice: SpeechSynthesisVoice): void {
  const speech = synthesis();
  if (!speech) return;
  speech.cancel();
  const utterance = new SpeechSynthesisUtterance(spokenText(text));
  utterance.lang = lang;
  utterance.voice = voice;
  speech.speak(utterance);
}
