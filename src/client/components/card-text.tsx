/**
 * A card's question or answer wherever it is shown (issue #24, decision 0052): readings written in
 * Anki's syntax (`漢字[かんじ]`) as ruby, the text marked with its side's language, and a Listen
 * button when the browser has a voice for that language.
 *
 *   <CardText text={card.question} side="question" lang={deck.questionLanguage} />
 *
 * Readings follow the learner's setting (lib/card-display.ts) unless `readings` says otherwise (the
 * test and Write mode pass "never" for the side being asked when the learner chose "never").
 */
import { type ReadingMode, useCardDisplay } from "@client/lib/card-display";
import { speak, useVoice } from "@client/lib/speech";
import { type FuriganaSegment, parseFurigana } from "@shared/furigana/furigana";
import { type MouseEvent, type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./card-text.module.css";

export type CardSide = "question" | "answer";

/**
 * The segments as React nodes: "never" gives the base text alone (what is written, for everyone,
 * screen readers included); otherwise each reading is a ruby over its base, with parentheses in
 * <rp> for a browser without ruby and for copied text.
 */
export function rubyNodes(segments: readonly FuriganaSegment[], mode: ReadingMode): ReactNode[] {
  if (mode === "never") return [segments.map((segment) => segment.text).join("")];
  return segments.map((segment, i) =>
    segment.reading === undefined ? (
      segment.text
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one text, in their fixed order
      <ruby key={i}>
        {segment.text}
        <rp>(</rp>
        <rt>{segment.reading}</rt>
        <rp>)</rp>
      </ruby>
    ),
  );
}

interface FuriganaTextProps {
  text: string;
  lang?: string | undefined;
  mode: ReadingMode;
  /**
   * False inside another control (the review card is a button): the text is then not a stop of its
   * own, and a tap that shows its readings is not also taken by that control.
   */
  focusable?: boolean;
}

/**
 * The text with its readings. "hover": the readings take their room but stay transparent until the
 * text is hovered, focused or tapped; being only transparent, screen readers read them as with
 * "always" (they have no hover; "never" is the way to hide them from everyone).
 */
export function FuriganaText({ text, lang, mode, focusable = true }: FuriganaTextProps) {
  const segments = useMemo(() => parseFurigana(text), [text]);
  const hasReadings = segments.some((segment) => segment.reading !== undefined);
  // The text whose readings a tap showed: another text starts hidden again.
  const [tapped, setTapped] = useState<string>();
  const hiding = hasReadings && mode === "hover" && tapped !== text;
  const onClick = (event: MouseEvent) => {
    if (!hiding) return;
    setTapped(text);
    // A touch has no hover: its first tap is for the readings, not for the card around them.
    const { pointerType } = event.nativeEvent as PointerEvent;
    if (!focusable && (pointerType === "touch" || pointerType === "pen")) event.stopPropagation();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the tap is a touch stand-in for hover; keyboards focus the text
    // biome-ignore lint/a11y/useKeyWithClickEvents: focusing the text shows the readings, no key is needed
    <span
      lang={lang}
      className={styles.text}
      data-readings={hasReadings ? mode : undefined}
      data-shown={hasReadings && mode === "hover" && !hiding ? "" : undefined}
      tabIndex={hiding && focusable ? 0 : undefined}
      onClick={hasReadings && mode === "hover" ? onClick : undefined}
    >
      {rubyNodes(segments, mode)}
    </span>
  );
}

const SpeakerIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="M4 9h4l5-4v14l-5-4H4z" />
    <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
  </svg>
);

interface ListenButtonProps {
  text: string;
  side: CardSide;
  lang?: string | undefined;
  className?: string;
}

/**
 * Reads the side aloud with the browser's speech synthesis. Absent when the browser has no voice
 * for the language (or no language is known): the Card display dialog says why.
 */
export function ListenButton({ text, side, lang, className }: ListenButtonProps) {
  const { t } = useTranslation();
  const voice = useVoice(lang);
  if (!lang || !voice) return null;
  const label = side === "question" ? t("card_text.listen_question") : t("card_text.listen_answer");
  return (
    <button
      type="button"
      className={`${styles.listen} ${className ?? ""}`}
      aria-label={label}
      title={label}
      data-listen={side}
      onClick={(event) => {
        // Inside a card that reveals on a press, listening is not revealing.
        event.stopPropagation();
        speak(text, lang, voice);
      }}
    >
      <SpeakerIcon />
    </button>
  );
}

/** Speaks the text each time it changes, when the learner chose "read questions aloud" (review, practice). */
export function useReadAloud(text: string, lang: string | undefined) {
  const { readAloud } = useCardDisplay();
  const voice = useVoice(lang);
  const on = readAloud && !!voice && !!lang;
  useEffect(() => {
    if (on && voice && lang) speak(text, lang, voice);
  }, [on, text, lang, voice]);
}

interface CardTextProps {
  text: string;
  side: CardSide;
  /** The side's language (the course's questionLanguage or answerLanguage). */
  lang?: string | undefined;
  /** Overrides the learner's choice of readings (the side being asked in the test or Write mode). */
  readings?: ReadingMode;
  /**
   * The text sits inside another control (a card that is a button): no Listen button inside it (the
   * control places its own ListenButton beside itself) and the text is not a focus stop.
   */
  insideControl?: boolean;
  /** The element around the text and its button. */
  as?: "span" | "p" | "div";
  className?: string;
}

export function CardText({
  text,
  side,
  lang,
  readings,
  insideControl = false,
  as: Tag = "span",
  className,
}: CardTextProps) {
  const display = useCardDisplay();
  return (
    <Tag className={`${styles.cardText} ${className ?? ""}`} data-side={side}>
      <FuriganaText text={text} lang={lang} mode={readings ?? display.readings} focusable={!insideControl} />
      {!insideControl && <ListenButton text={text} side={side} lang={lang} />}
    </Tag>
  );
}
