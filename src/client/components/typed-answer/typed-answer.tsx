/**
 * One card answered by typing (issue #24, decision 0051): Write mode's and review's. The question,
 * then the field right under it (near the top, so a phone's keyboard does not cover it); Enter
 * checks, Enter again goes on. A wrong answer shows both answers with the difference marked and
 * offers "I was right". The result is handed over once, when the learner goes on (or leaves the
 * page after checking), so a correction never sends a second answer.
 *
 * The same field serves every card (no remount): a phone's keyboard stays open from card to card.
 */
import { Button } from "@client/components/button";
import { CardText } from "@client/components/card-text";
import { isComposing } from "@client/lib/composition";
import { useTouchScreen } from "@client/lib/use-touch-screen";
import { type AnswerVerdict, checkAnswer, expectsKana } from "@shared/answers/check-answer";
import { TEXT_LIMITS } from "@shared/limits";
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AnswerDiff } from "./answer-diff";
import { finishKana, useKanaInput } from "./kana-input";
import { useStoredFlag } from "./stored-flag";
import styles from "./typed-answer.module.css";

/** Japanese in its own scripts: "ja", "ja-JP", "ja-Jpan"…, but not romaji ("ja-Latn"). */
function writtenInKana(tag: string): boolean {
  const locale = new Intl.Locale(tag);
  return locale.language === "ja" && locale.script !== "Latn";
}

/** "corrected": judged wrong, and the learner said "I was right" (it counts as right). */
export type TypedOutcome = AnswerVerdict | "corrected";

export interface TypedResult {
  outcome: TypedOutcome;
  /** From the question appearing to the answer being checked. */
  responseMs: number;
}

export const countsAsRight = (outcome: TypedOutcome) => outcome !== "wrong";

const KANA_INPUT_KEY = "write.kana-input";

interface TypedAnswerProps {
  /** Changes with each card: the field empties and the clock starts again. */
  cardKey: string | number;
  question: string;
  expected: string;
  /**
   * The BCP 47 language of the answers, when the course states it: "ja" allows kana input, romaji
   * ("ja-Latn") and other languages do not.
   */
  answerLanguage?: string;
  questionLanguage?: string;
  /** A corner mark on the question ("New card"). */
  badge?: ReactNode;
  /** Called once per card: when the learner goes on, or leaves the page after checking. */
  onResult(result: TypedResult): void;
}

interface Checked {
  outcome: TypedOutcome;
  nearest: string;
  responseMs: number;
}

export function TypedAnswer({
  cardKey,
  question,
  expected,
  answerLanguage,
  questionLanguage,
  badge,
  onResult,
}: TypedAnswerProps) {
  const { t } = useTranslation();
  const touch = useTouchScreen();
  const id = useId();
  const [value, setValue] = useState("");
  const [checked, setChecked] = useState<Checked | null>(null);
  const [shownAt, setShownAt] = useState(() => performance.now());
  const [card, setCard] = useState(cardKey);
  if (card !== cardKey) {
    setCard(cardKey);
    setValue("");
    setChecked(null);
    setShownAt(performance.now());
  }

  const japanese = answerLanguage === undefined || writtenInKana(answerLanguage);
  const kanaPossible = japanese && expectsKana(expected);
  const [kanaWanted, setKanaWanted] = useStoredFlag(KANA_INPUT_KEY, true);
  const kana = kanaPossible && kanaWanted;
  const field = useKanaInput(kana, setValue);

  // Whatever ends this card's time on the screen after checking hands its result over, once.
  const pending = useRef<TypedResult | null>(null);
  const latestOnResult = useRef(onResult);
  latestOnResult.current = onResult;
  useEffect(
    () => () => {
      if (pending.current) latestOnResult.current(pending.current);
    },
    [],
  );

  const check = () => {
    const given = kana ? finishKana(value) : value;
    const { verdict, nearest } = checkAnswer(expected, given);
    const result = { outcome: verdict, nearest, responseMs: performance.now() - shownAt };
    setValue(given);
    setChecked(result);
    pending.current = { outcome: verdict, responseMs: result.responseMs };
  };
  const goOn = () => {
    const result = pending.current;
    pending.current = null;
    if (result) onResult(result);
    field.ref.current?.focus();
  };
  const correct = () => {
    if (checked?.outcome !== "wrong" || !pending.current) return;
    setChecked({ ...checked, outcome: "corrected" });
    pending.current = { ...pending.current, outcome: "corrected" };
    // The button is gone: the focus goes back to the field, where Enter goes on.
    field.ref.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checked) goOn();
    else check();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // An input method's Enter confirms its text: it neither checks nor goes on.
    if (event.key === "Enter" && isComposing(event)) return event.preventDefault();
    // The physical R key, whatever the layout or input method: "I was right".
    if (checked?.outcome === "wrong" && event.code === "KeyR" && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      correct();
    }
  };

  // When a phone's keyboard opens (the visual viewport shrinks), the field stays in sight.
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const keepInSight = () => {
      const input = field.ref.current;
      if (!input || document.activeElement !== input) return;
      const box = input.getBoundingClientRect();
      if (box.top < 0 || box.bottom > viewport.height) input.scrollIntoView({ block: "center" });
    };
    viewport.addEventListener("resize", keepInSight);
    return () => viewport.removeEventListener("resize", keepInSight);
  }, [field.ref]);

  const answerLang = answerLanguage ?? (kanaPossible ? "ja" : undefined);
  const outcome = checked?.outcome;
  return (
    <form className={styles.typed} onSubmit={submit} data-outcome={outcome}>
      <p className={styles.question}>
        <span className={styles.side}>{t("study.question")}</span>
        <span className={styles.questionText} data-testid="write-question">
          <CardText text={question} side="question" lang={questionLanguage} />
        </span>
        {badge && <span className={styles.badge}>{badge}</span>}
      </p>
      <div className={styles.fieldRow}>
        <label htmlFor={id} className={styles.label}>
          {t("write.your_answer")}
        </label>
        <input
          id={id}
          ref={field.ref}
          className={styles.input}
          value={value}
          onChange={field.onChange}
          onCompositionStart={field.onCompositionStart}
          onCompositionEnd={field.onCompositionEnd}
          onKeyDown={onKeyDown}
          onFocus={(event) => event.currentTarget.scrollIntoView({ block: "nearest" })}
          readOnly={checked !== null}
          aria-describedby={`${id}-hint ${id}-result`}
          aria-invalid={outcome === "wrong" ? true : undefined}
          maxLength={TEXT_LIMITS.answer}
          lang={answerLang}
          // biome-ignore lint/a11y/noAutofocus: the field is the screen's one task
          autoFocus
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
        />
        {checked ? (
          <Button type="submit" className={styles.go}>
            {t("write.continue")}
          </Button>
        ) : (
          <Button type="submit" className={styles.go}>
            {t("write.check")}
          </Button>
        )}
      </div>
      {kanaPossible && (
        <label className={styles.kanaSwitch}>
          <input
            type="checkbox"
            role="switch"
            checked={kanaWanted}
            aria-checked={kanaWanted}
            onChange={(event) => {
              setKanaWanted(event.target.checked);
              field.ref.current?.focus();
            }}
          />
          {t("write.kana_input")}
        </label>
      )}
      <p id={`${id}-hint`} className={styles.hint}>
        {!checked
          ? touch
            ? t("write.hint_touch")
            : t("write.hint_keys")
          : touch
            ? t("write.hint_touch_checked")
            : outcome === "wrong"
              ? t("write.hint_keys_wrong")
              : t("write.hint_keys_checked")}
      </p>
      <div id={`${id}-result`} role="status" className={styles.result}>
        {checked && (
          <p className={styles.verdict} data-outcome={outcome}>
            {t(`write.verdict_${checked.outcome}`)}
          </p>
        )}
      </div>
      {checked &&
        (checked.outcome === "right" ? (
          <p className={styles.answer}>
            <span className={styles.side}>{t("study.answer")}</span>{" "}
            <CardText text={expected} side="answer" lang={answerLang} />
          </p>
        ) : (
          <AnswerDiff expected={checked.nearest} given={value} lang={answerLang} />
        ))}
      {checked?.outcome === "wrong" && (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={correct}>
            {t("write.i_was_right")}
            {!touch && <kbd className={styles.key}>R</kbd>}
          </Button>
        </div>
      )}
    </form>
  );
}
