import { Button, buttonClass } from "@client/components/button";
import { CardText, FuriganaText } from "@client/components/card-text";
import { Link } from "@client/components/link";
import { useOnline } from "@client/core/offline/network";
import { useSession } from "@client/core/session/session";
import { useRecordAnswer } from "@client/features/reviews/api/record-answer";
import { useCardDisplay } from "@client/lib/card-display";
import { notify } from "@client/lib/notify";
import { useHotkeys } from "@client/lib/use-hotkeys";
import { useLocalePath } from "@client/lib/use-language";
import type { SideLanguages } from "@shared/card-languages";
import type { DeckDetail, Flashcard } from "@shared/schemas/deck";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { useRecordPass, useSendWaitingPass } from "../api/record-pass";
import { InputHint } from "../components/input-hint";
import { StudyFrame } from "../components/study-frame";
import styles from "../components/test.module.css";
import { flashFor } from "../lib/flash-timing";
import { answerOptions } from "../lib/options";
import { shuffle } from "../lib/shuffle";

type Phase =
  | { kind: "intro" }
  | { kind: "ready"; index: number }
  | { kind: "showing"; index: number }
  | { kind: "answering"; index: number; options: string[]; shownAt: number }
  | { kind: "failed"; card: Flashcard; chosen: string }
  | { kind: "passed" };

export function TestPage() {
  const { t } = useTranslation();
  return <StudyFrame mode={t("pages.test")}>{(deck) => <TimedTest deck={deck} />}</StudyFrame>;
}

function TimedTest({ deck }: { deck: DeckDetail }) {
  const { t } = useTranslation();
  const [order, setOrder] = useState(() => shuffle(deck.flashcards));
  const [phase, setPhase] = useState<Phase>({ kind: "intro" });
  const answers = deck.flashcards.map((card) => card.answer);
  const { user } = useSession();
  const recordPass = useRecordPass();
  const recordAnswer = useRecordAnswer("test");

  const restart = () => {
    setOrder(shuffle(deck.flashcards));
    setPhase({ kind: "ready", index: 0 });
  };
  const choose = (index: number, card: Flashcard, option: string, shownAt: number) => {
    // Learning memory gets every answer, with the time from the options appearing to the choice.
    recordAnswer(card.id, option === card.answer, performance.now() - shownAt);
    if (option !== card.answer) return setPhase({ kind: "failed", card, chosen: option });
    if (index + 1 < order.length) return setPhase({ kind: "ready", index: index + 1 });
    setPhase({ kind: "passed" });
    // Passing marks the deck completed for a signed-in person; offline, the pass waits in the
    // outbox (a visitor's is kept there for their account).
    recordPass.mutateAsync(deck).then(
      ({ synced }) => {
        if (user) notify.success(synced ? t("test.test_passed") : t("offline.pass_saved"));
      },
      (error: unknown) => {
        console.error(error);
        notify.error(t("test.failed_to_update_progress"));
      },
    );
  };

  switch (phase.kind) {
    case "intro":
      return (
        <section className={styles.screen} aria-labelledby="test-intro">
          <h2 id="test-intro">{t("test.ready")}</h2>
          <p>{t("test.rules", { count: order.length })}</p>
          <div className={styles.actions}>
            <Button autoFocus onClick={() => setPhase({ kind: "ready", index: 0 })}>
              {t("test.begin")}
            </Button>
            <Link to="../study" relative="path" className={buttonClass({ variant: "secondary" })}>
              {t("test.go_back")}
            </Link>
          </div>
        </section>
      );
    case "ready":
      return (
        <section className={styles.screen} aria-labelledby="test-next">
          <p className={styles.progress}>{t("test.question_of", { number: phase.index + 1, total: order.length })}</p>
          <h2 id="test-next">{phase.index === 0 ? t("test.first_question") : t("test.next_question")}</h2>
          <Button autoFocus onClick={() => setPhase({ kind: "showing", index: phase.index })}>
            {t("test.show_question")}
          </Button>
        </section>
      );
    case "showing": {
      const card = order[phase.index] as Flashcard;
      return (
        <QuestionFlash
          card={card}
          lang={deck.questionLanguage}
          onHidden={() =>
            setPhase({
              kind: "answering",
              index: phase.index,
              options: answerOptions(card.answer, answers),
              shownAt: performance.now(),
            })
          }
        />
      );
    }
    case "answering": {
      const card = order[phase.index] as Flashcard;
      return (
        <AnswerChoice
          number={phase.index + 1}
          total={order.length}
          options={phase.options}
          lang={deck.answerLanguage}
          onChoose={(option) => choose(phase.index, card, option, phase.shownAt)}
        />
      );
    }
    case "failed":
      return <FailedScreen card={phase.card} chosen={phase.chosen} languages={deck} onRetry={restart} />;
    case "passed":
      return <PassedScreen deck={deck} recordPass={recordPass} />;
  }
}

/**
 * The question alone, for the card's duration; no pointer in the way (and no Listen button). Its
 * readings follow the learner's choice: "never" keeps them hidden on this asked side (issue #24),
 * and "hover" too, since the flash is over before a hover or a tap.
 */
function QuestionFlash({ card, lang, onHidden }: { card: Flashcard; lang: string | undefined; onHidden(): void }) {
  const { t } = useTranslation();
  const { readings } = useCardDisplay();
  const hide = useRef(onHidden);
  hide.current = onHidden;
  useLayoutEffect(() => {
    document.documentElement.classList.add(styles.noCursor as string);
    // flushSync: the answer screen replaces the question within the same frame.
    const stop = flashFor(card.duration, () => flushSync(() => hide.current()), { cardId: card.id });
    return () => {
      stop();
      document.documentElement.classList.remove(styles.noCursor as string);
    };
  }, [card]);
  return (
    <section className={`${styles.screen} ${styles.flash}`} aria-label={t("test.question")} aria-live="assertive">
      <p className={styles.flashText} data-testid="flash-question">
        <FuriganaText text={card.question} lang={lang} mode={readings} focusable={false} />
      </p>
    </section>
  );
}

interface AnswerChoiceProps {
  number: number;
  total: number;
  options: string[];
  /** The answers' language. */
  lang: string | undefined;
  onChoose(option: string): void;
}

function AnswerChoice({ number, total, options, lang, onChoose }: AnswerChoiceProps) {
  const { t } = useTranslation();
  const { readings } = useCardDisplay();
  // 1 to 4 choose the option with that number.
  useHotkeys(Object.fromEntries(options.map((option, i) => [String(i + 1), () => onChoose(option)])));
  // The focus goes to the heading, not to the first option: a focused option looks chosen (on a
  // phone especially). Tab reaches the options; 1 to 4 work from here.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className={styles.screen} aria-labelledby="test-choose">
      <p className={styles.progress}>{t("test.question_of", { number, total })}</p>
      <h2 id="test-choose" ref={heading} tabIndex={-1} className={styles.focusTarget}>
        {t("test.choose")}
      </h2>
      <div className={styles.options}>
        {options.map((option, i) => (
          <Button key={option} variant="secondary" className={styles.option} onClick={() => onChoose(option)}>
            <kbd>{i + 1}</kbd> <FuriganaText text={option} lang={lang} mode={readings} focusable={false} />
          </Button>
        ))}
      </div>
      <InputHint keys={t("test.keys_hint", { count: options.length })} touch={t("polish.test_touch")} />
    </section>
  );
}

interface FailedScreenProps {
  card: Flashcard;
  chosen: string;
  languages: SideLanguages;
  onRetry(): void;
}

function FailedScreen({ card, chosen, languages, onRetry }: FailedScreenProps) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <section className={styles.screen} aria-labelledby="test-failed">
      <h2 id="test-failed">{t("test.failed")}</h2>
      <dl className={styles.review}>
        <dt>{t("test.question")}</dt>
        <dd>
          <CardText text={card.question} side="question" lang={languages.questionLanguage} />
        </dd>
        <dt>{t("test.correct_answer")}</dt>
        <dd className={styles.right}>
          <CardText text={card.answer} side="answer" lang={languages.answerLanguage} />
        </dd>
        <dt>{t("test.your_answer")}</dt>
        <dd className={styles.wrong}>
          <CardText text={chosen} side="answer" lang={languages.answerLanguage} />
        </dd>
      </dl>
      <div className={styles.actions}>
        <Button autoFocus onClick={onRetry}>
          {t("test.try_again")}
        </Button>
        <Link to="../study" relative="path" className={buttonClass({ variant: "secondary" })}>
          {t("test.continue_study")}
        </Link>
        <Link to={localePath("/home")} className={buttonClass({ variant: "secondary" })}>
          {t("test.back_home")}
        </Link>
      </div>
    </section>
  );
}

/**
 * Says what is true about the pass, for a signed-in person: being saved, saved, kept on this
 * device until the server has it (the offline outbox sends it again by itself; decision 0025), or
 * not saved at all; the last two offer a retry. A visitor's pass waits for an account.
 */
function PassedScreen({ deck, recordPass }: { deck: DeckDetail; recordPass: ReturnType<typeof useRecordPass> }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { user } = useSession();
  const sendWaiting = useSendWaitingPass();
  const online = useOnline();
  const synced = recordPass.data?.synced === true || sendWaiting.data?.synced === true;
  const waiting = recordPass.isSuccess && !synced;
  const retryWaiting = () =>
    sendWaiting.mutateAsync(deck).then(
      ({ synced }) =>
        synced ? notify.success(t("test.test_passed")) : notify.error(t("test.failed_to_update_progress")),
      (error: unknown) => {
        console.error(error);
        notify.error(t("test.failed_to_update_progress"));
      },
    );
  const retry = () =>
    recordPass.mutateAsync(deck).then(
      () => notify.success(t("test.test_passed")),
      (error: unknown) => {
        console.error(error);
        notify.error(t("test.failed_to_update_progress"));
      },
    );

  // The last answer's button is gone: the focus goes to the first way on, as "Try again" takes it on
  // the failed screen (autoFocus does nothing on a link).
  const backToDeck = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    backToDeck.current?.focus();
  }, []);

  return (
    <section className={styles.screen} aria-labelledby="test-passed">
      <h2 id="test-passed">{t("test.passed")}</h2>
      {!user ? (
        <p>{t("test.passed_visitor")}</p>
      ) : recordPass.isError ? (
        <div className={styles.saveFailed} role="alert">
          <p>{t("polish.pass_not_saved")}</p>
          <Button variant="secondary" onClick={retry}>
            {t("polish.pass_retry")}
          </Button>
        </div>
      ) : waiting && !online ? (
        // Offline, waiting is the expected course of things: the pass syncs by itself (#23).
        <p role="status">{t("offline.pass_saved")}</p>
      ) : waiting ? (
        <div className={styles.saveFailed} role="alert">
          <p>{t("polish.pass_waiting")}</p>
          <Button variant="secondary" onClick={retryWaiting} disabled={sendWaiting.isPending}>
            {t("polish.pass_retry")}
          </Button>
        </div>
      ) : (
        <p role="status">{synced ? t("test.passed_recorded") : t("polish.pass_saving")}</p>
      )}
      <div className={styles.actions}>
        <Link ref={backToDeck} to=".." relative="path" className={buttonClass()}>
          {t("test.back_to_deck")}
        </Link>
        <Link to={localePath(`/courses/${deck.courseId}`)} className={buttonClass({ variant: "secondary" })}>
          {t("test.back_to_course")}
        </Link>
        <Link to={localePath("/home")} className={buttonClass({ variant: "secondary" })}>
          {t("test.back_home")}
        </Link>
      </div>
    </section>
  );
}
