/**
 * /{lang}/review: the cards due now across everything the learner studies (or one course, with
 * ?course=ID), most overdue first, then new cards. Space or a tap shows the answer; 1–4 grade it.
 */

import { Button, buttonClass } from "@client/components/button";
import { Loading } from "@client/components/loading";
import { Page } from "@client/components/page";
import { SignUpInvitation } from "@client/features/accounts/components/sign-up-invitation";
import { useSession } from "@client/features/accounts/session";
import { lazyComponent } from "@client/lib/lazy";
import { useHotkeys } from "@client/lib/use-hotkeys";
import { useLocalePath } from "@client/lib/use-language";
import { REVIEW_QUEUE_PAGE } from "@shared/memory/limits";
import { GRADES, type Grade } from "@shared/memory/scheduler";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { flushAnswers } from "../api/answer-outbox";
import { useReviewQueue } from "../api/get-review-queue";
import { reviewKeys } from "../api/keys";
import { useRecordAnswer } from "../api/record-answer";
import { formatInterval } from "../lib/format-interval";
import styles from "./review-page.module.css";

const GRADE_KEYS: Record<Grade, string> = { 1: "again", 2: "hard", 3: "good", 4: "easy" };

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
        <Session courseId={courseId} />
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
  const { data: queue, isPending, error, refetch } = useReviewQueue(courseId);
  const record = useRecordAnswer("review");
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState(false);
  const [graded, setGraded] = useState<Grade[]>([]);
  const questionShownAt = useRef(performance.now());
  const cardButton = useRef<HTMLButtonElement>(null);
  // Each new card takes the focus, so a screen reader reads its question and keys keep working.
  useEffect(() => {
    if (index > 0) cardButton.current?.focus();
  }, [index]);
  // The queue comes a page at a time: at the end of a full page, the answers go first, then the next page.
  const pageDone = queue !== undefined && queue.cards.length === REVIEW_QUEUE_PAGE && index >= queue.cards.length;
  useEffect(() => {
    if (!pageDone) return;
    void flushAnswers().then(() => {
      setIndex(0);
      return queryClient.resetQueries({ queryKey: reviewKeys.queue(courseId) });
    });
  }, [pageDone, queryClient, courseId]);

  if (isPending || pageDone) return <Loading label={t("review.loading")} />;
  if (error || !queue) {
    return (
      <div role="alert" className={styles.empty}>
        <p>{t("review.failed")}</p>
        <Button onClick={() => void refetch()}>{t("review.retry")}</Button>
      </div>
    );
  }

  const card = queue.cards[index];
  const total = queue.cards.length;

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
  const again = () => {
    // A new queue: cards answered "again" are due within minutes and come back.
    setIndex(0);
    setGraded([]);
    void queryClient.resetQueries({ queryKey: reviewKeys.queue(courseId) });
  };

  return (
    <ReviewKeys card={Boolean(card)} shown={shown} onReveal={reveal} onGrade={grade}>
      {!card ? (
        <section className={styles.done} aria-labelledby="review-done">
          <h2 id="review-done">{total === 0 ? t("review.nothing_due") : t("review.done", { count: graded.length })}</h2>
          {graded.length > 0 && <p>{t("review.done_again", { count: graded.filter((g) => g === 1).length })}</p>}
          <p>
            {queue.nextDueAt
              ? t("review.next_due", {
                  when: new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
                    new Date(queue.nextDueAt),
                  ),
                })
              : t("review.none_scheduled")}
          </p>
          <div className={styles.actions}>
            {total > 0 && <Button onClick={again}>{t("review.check_again")}</Button>}
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
          <button
            type="button"
            ref={cardButton}
            className={styles.card}
            data-side={shown ? "answer" : "question"}
            onClick={reveal}
            aria-describedby="review-hint"
          >
            <span className={styles.question}>{card.question}</span>
            {shown && <span className={styles.answer}>{card.answer}</span>}
            {card.state === "new" && <span className={styles.badge}>{t("review.new_card")}</span>}
          </button>
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
