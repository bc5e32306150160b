/**
 * /{lang}/review: the cards due now across everything the learner studies (or one course, with
 * ?course=ID), most overdue first, then new cards. Space or a tap shows the answer; 1–4 grade it.
 * Or, switched on and remembered on this browser, the learner types each answer (decision 0051).
 */

import { Button, buttonClass } from "@client/components/button";
import { CardDisplayButton } from "@client/components/card-display-button";
import { Link } from "@client/components/link";
import { Loading } from "@client/components/loading";
import { Page } from "@client/components/page";
import { RevealCard } from "@client/components/reveal-card";
import { SignUpInvitation } from "@client/components/sign-up-invitation";
import { useStoredFlag } from "@client/components/typed-answer/stored-flag";
import type { TypedResult } from "@client/components/typed-answer/typed-answer";
import { useSession } from "@client/core/session/session";
import { LeechList } from "@client/features/hard-cards/components/leech-list";
import { lazyComponent } from "@client/lib/lazy";
import { useHotkeys } from "@client/lib/use-hotkeys";
import { useLocalePath } from "@client/lib/use-language";
import { GRADES, type Grade } from "@shared/memory/scheduler";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { flushAnswers } from "../api/answer-outbox";
import { type QueueCard, type ReviewQueue, reviewQueueQuery, useReviewQueue } from "../api/get-review-queue";
import { useRecordAnswer } from "../api/record-answer";
import { formatInterval } from "../lib/format-interval";
import { type ReviewSession, startSession, withNextPage } from "../lib/review-session";
import styles from "./review-page.module.css";

const GRADE_KEYS: Record<Grade, string> = { 1: "again", 2: "hard", 3: "good", 4: "easy" };

/** Typed answers: the checker and WanaKana load only once the learner chooses to type. */
const TypedAnswer = lazyComponent(() =>
  import("@client/components/typed-answer/typed-answer").then((module) => module.TypedAnswer),
);

const ReviewSettingsDialog = lazyComponent(() =>
  import("../components/review-settings-dialog").then((module) => module.ReviewSettingsDialog),
);

export function ReviewPage() {
  const { t } = useTranslation();
  const { user, initialised } = useSession();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [params] = useSearchParams();
  const course = Number(params.get("course"));
  const courseId = Number.isInteger(course) && course > 0 ? course : undefined;

  return (
    <Page title={courseId ? t("review.title_course") : t("review.title")}>
      {user && (
        <div className={styles.tools}>
          <Button
            variant="link"
            onClick={() => setSettingsOpen(true)}
            onPointerEnter={() => void ReviewSettingsDialog.preload()}
          >
            {t("review_settings.open")}
          </Button>
        </div>
      )}
      {!initialised ? (
        <Loading label={t("review.loading")} />
      ) : user ? (
        <Session key={courseId ?? "all"} courseId={courseId} />
      ) : (
        <SignUpInvitation text={t("review.invitation")} action={t("review.sign_up")} />
      )}
      {settingsOpen && (
        <Suspense fallback={null}>
          <ReviewSettingsDialog open onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </Page>
  );
}

function Session({ courseId }: { courseId?: number }) {
  const { t, i18n } = useTranslation();
  const localePath = useLocalePath();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<ReviewSession<QueueCard>>();
  // The first page comes through the query (the route prefetches it); once the session holds it,
  // the query stops: an answer reaching the server no longer reloads a queue the screen ignores.
  const first = useReviewQueue(courseId, session === undefined);
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const record = useRecordAnswer("review");
  const recordTyped = useRecordAnswer("write");
  const [typed, setTyped] = useStoredFlag("review.typed-answers", false);
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState(false);
  const [graded, setGraded] = useState<Grade[]>([]);
  const questionShownAt = useRef(performance.now());
  const cardButton = useRef<HTMLButtonElement>(null);
  if (session === undefined && first.data && !first.isFetching) setSession(startSession(first.data));
  // Each new card takes the focus, so a screen reader reads its question and keys keep working.
  useEffect(() => {
    if (index > 0) cardButton.current?.focus();
  }, [index]);

  /** Sends the answers first, so the server's queue no longer holds them, then reads it again. */
  const load = useCallback(
    async (next: (page: ReviewQueue) => ReviewSession<QueueCard>) => {
      setLoading(true);
      setLoadFailed(false);
      try {
        await flushAnswers();
        const page = await queryClient.fetchQuery({ ...reviewQueueQuery(courseId), staleTime: 0 });
        setSession(next(page));
      } catch {
        setLoadFailed(true);
      } finally {
        setLoading(false);
      }
    },
    [queryClient, courseId],
  );
  // The queue comes a page at a time: at the end of a full page, the answers go first, then the next page.
  const pageDone = Boolean(session?.more) && index >= (session?.cards.length ?? 0);
  useEffect(() => {
    if (pageDone && session && !loadFailed) void load((page) => withNextPage(session, page));
  }, [pageDone, loadFailed, load, session]);

  // At the end, once the answers have reached the server, it says when the next card falls due.
  const finished = session !== undefined && !session.more && graded.length > 0 && index >= session.cards.length;
  const [nextDue, setNextDue] = useState<string | null>();
  useEffect(() => {
    if (!finished) return;
    let open = true;
    void flushAnswers()
      .then(() => queryClient.fetchQuery({ ...reviewQueueQuery(courseId), staleTime: 0 }))
      // Not reached (offline with no stored queue): the line is left out rather than guessed.
      .then((page) => open && setNextDue(page.nextDueAt))
      .catch(() => {});
    return () => {
      open = false;
    };
  }, [finished, queryClient, courseId]);

  const failed = session === undefined ? Boolean(first.error) : loadFailed;
  if (failed) {
    return (
      <div role="alert" className={styles.empty}>
        <p>{t("review.failed")}</p>
        <Button onClick={() => (session === undefined ? void first.refetch() : setLoadFailed(false))}>
          {t("review.retry")}
        </Button>
      </div>
    );
  }
  if (session === undefined || loading || pageDone) return <Loading label={t("review.loading")} />;

  const card = session.cards[index];
  const total = session.total;
  // Before any answer, the session's own; after, the server's, once the answers have reached it.
  const nextDueAt = graded.length === 0 ? session.nextDueAt : nextDue;

  const reveal = () => {
    if (!card || shown) return;
    setShown(true);
  };
  const grade = (value: Grade) => {
    if (!card || !shown) return;
    record(card.cardId, value, performance.now() - questionShownAt.current);
    setGraded((done) => [...done, value]);
    setIndex((i) => i + 1);
    setShown(false);
    questionShownAt.current = performance.now();
  };
  /** A typed answer, once the learner goes on: right (or corrected) is Good, wrong is Again. */
  const typedResult = (answered: QueueCard) => (result: TypedResult) => {
    const value: Grade = result.outcome === "wrong" ? 1 : 3;
    recordTyped(answered.cardId, value, result.responseMs);
    setGraded((done) => [...done, value]);
    setIndex((i) => i + 1);
    setShown(false);
    questionShownAt.current = performance.now();
  };
  const again = () => {
    // A new session: cards answered "again" are due within minutes and come back in it.
    void load((page) => {
      setNextDue(undefined);
      setIndex(0);
      setGraded([]);
      return startSession(page);
    });
  };

  return (
    <ReviewKeys card={Boolean(card) && !typed} shown={shown} onReveal={reveal} onGrade={grade}>
      {!card ? (
        <section className={styles.done} aria-labelledby="review-done">
          <h2 id="review-done">
            {graded.length === 0 ? t("review.nothing_due") : t("review.done", { count: graded.length })}
          </h2>
          {graded.length > 0 && <p>{t("review.done_again", { count: graded.filter((g) => g === 1).length })}</p>}
          {nextDueAt !== undefined && (
            <p>
              {nextDueAt
                ? t("review.next_due", {
                    when: new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
                      new Date(nextDueAt),
                    ),
                  })
                : t("review.none_scheduled")}
            </p>
          )}
          <div className={styles.actions}>
            {graded.length > 0 && <Button onClick={again}>{t("review.check_again")}</Button>}
            <Link to={localePath("/home")} className={buttonClass({ variant: "secondary" })}>
              {t("review.back_home")}
            </Link>
            <Link
              to={localePath(courseId ? `/stats?course=${courseId}` : "/stats")}
              className={buttonClass({ variant: "secondary" })}
            >
              {t("stats.link")}
            </Link>
          </div>
          <LeechList courseId={courseId} level={3} />
        </section>
      ) : (
        <section aria-label={t("review.session")}>
          <div className={styles.progressRow}>
            <progress
              className={styles.progress}
              max={total}
              value={index}
              aria-label={t("review.progress", { done: index, total })}
            />
            <span className={styles.counter}>{t("review.progress", { done: index, total })}</span>
          </div>
          <label className={styles.answerBy}>
            <input
              type="checkbox"
              role="switch"
              checked={typed}
              aria-checked={typed}
              onChange={(event) => setTyped(event.target.checked)}
              onPointerEnter={() => void TypedAnswer.preload()}
              onFocus={() => void TypedAnswer.preload()}
            />
            {t("write.review_typed")}
          </label>
          {typed ? (
            <Suspense fallback={<Loading label={t("review.loading")} />}>
              <TypedAnswer
                cardKey={card.cardId}
                question={card.question}
                expected={card.answer}
                questionLanguage={card.questionLanguage}
                answerLanguage={card.answerLanguage}
                badge={card.state === "new" ? t("review.new_card") : undefined}
                onResult={typedResult(card)}
              />
            </Suspense>
          ) : (
            <>
              <RevealCard
                ref={cardButton}
                question={card.question}
                answer={card.answer}
                questionLanguage={card.questionLanguage}
                answerLanguage={card.answerLanguage}
                shown={shown}
                onReveal={reveal}
                describedBy="review-hint"
                badge={card.state === "new" ? t("review.new_card") : undefined}
              />
              <p id="review-hint" className={styles.hint}>
                {shown ? t("review.grade_hint") : t("review.reveal_hint")}
              </p>
              {shown ? (
                <fieldset className={styles.grades}>
                  <legend className="visually-hidden">{t("review.grades")}</legend>
                  {GRADES.map((value) => (
                    <Button
                      key={value}
                      variant={value === 3 ? "primary" : "secondary"}
                      onClick={() => grade(value)}
                      className={styles.grade}
                    >
                      <span>
                        <kbd>{value}</kbd> {t(`review.grade_${GRADE_KEYS[value]}`)}
                      </span>
                      <span className={styles.interval}>{formatInterval(card.intervals[value], i18n.language)}</span>
                    </Button>
                  ))}
                </fieldset>
              ) : (
                <div className={styles.grades}>
                  <Button onClick={reveal}>{t("review.show_answer")}</Button>
                </div>
              )}
            </>
          )}
          <div className={styles.display}>
            <CardDisplayButton variant="link" languages={[card.questionLanguage, card.answerLanguage]} />
          </div>
        </section>
      )}
    </ReviewKeys>
  );
}

function ReviewKeys({
  card,
  shown,
  onReveal,
  onGrade,
  children,
}: {
  card: boolean;
  shown: boolean;
  onReveal(): void;
  onGrade(grade: Grade): void;
  children: ReactNode;
}) {
  useHotkeys(
    {
      // Once the answer shows, Space is the focused button's again (Enter always is).
      " ": () => (shown ? false : onReveal()),
      "1": () => onGrade(1),
      "2": () => onGrade(2),
      "3": () => onGrade(3),
      "4": () => onGrade(4),
    },
    card,
  );
  return <>{children}</>;
}
