import { buttonClass } from "@client/components/button";
import { Link } from "@client/components/link";
import { LoadFailed } from "@client/components/load-failed";
import { Loading } from "@client/components/loading";
import { Page } from "@client/components/page";
import { useSession } from "@client/core/session/session";
import { ApiError } from "@client/lib/api";
import { lazyComponent } from "@client/lib/lazy";
import { useLocalePath } from "@client/lib/use-language";
import type { CourseDetail } from "@shared/schemas/course";
import { type ComponentType, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useParams } from "react-router";
import { useCourse } from "../api/get-course";
import styles from "./course-page.module.css";

/** Only owners see their tools: visitors and learners do not load them. */
const OwnerActions = lazyComponent(() => import("../components/owner-actions").then((module) => module.OwnerActions));

/**
 * What other features add to a course page. The app composes them (app/pages/course-page.tsx), so
 * that this feature imports none of them (decision 0043).
 */
export interface CoursePageParts {
  /** Following the course (follows). */
  FollowStar: ComponentType<{ course: CourseDetail }>;
  /** Downloading it (exports); drawn when it has decks. */
  ExportButton: ComponentType<{ course: CourseDetail; className?: string }>;
  /** A signed-in learner's progress (reviews); drawn in <Suspense>, for signed-in people only. */
  Progress: ComponentType<{ course: CourseDetail }>;
  /** Keeping it on this device (offline). */
  KeepOffline: ComponentType<{ course: CourseDetail }>;
}

export function CoursePage({ parts }: { parts: CoursePageParts }) {
  const { courseId = "" } = useParams();
  const { t } = useTranslation();
  // The name may arrive as navigation state, so the heading shows before the data.
  const passedName = (useLocation().state as { courseName?: string } | null)?.courseName;
  const { data: course, error, isPending, refetch } = useCourse(courseId);

  if (error) {
    const notFound = error instanceof ApiError && (error.code === "not_found" || error.code === "invalid_request");
    return (
      <Page title={t("pages.course")}>
        {notFound ? (
          <p role="alert">{t("course.not_found")}</p>
        ) : (
          <LoadFailed error={error} retry={() => void refetch()} message={t("course.load_failed")} />
        )}
      </Page>
    );
  }

  return (
    <Page title={course?.name ?? passedName ?? t("pages.course")}>
      {isPending ? <Loading label={t("course.loading")} /> : <CourseBody course={course} parts={parts} />}
    </Page>
  );
}

function CourseBody({ course, parts }: { course: CourseDetail; parts: CoursePageParts }) {
  const { FollowStar, ExportButton, Progress, KeepOffline } = parts;
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { user } = useSession();
  const isOwner = user?.id === course.ownerId;
  const passed = new Set(course.viewer?.passedDeckIds ?? []);

  return (
    <>
      <div className={styles.follow}>
        <FollowStar course={course} />
      </div>
      {course.description && <p className={styles.description}>{course.description}</p>}
      {!user && course.decks[0] && (
        // A visitor's way in (#23): the first deck's study modes, or practice of every card; signed
        // in, the progress leads on (and offers practice too).
        <div className={styles.actions}>
          <Link
            to={localePath(`/courses/${course.id}/decks/${course.decks[0].id}/study`)}
            className={buttonClass({}, styles.start)}
          >
            {t("course.start_studying")}
          </Link>
          <Link to={localePath(`/courses/${course.id}/practice`)} className={buttonClass({ variant: "secondary" })}>
            {t("course.practice")}
          </Link>
        </div>
      )}
      {course.decks.length > 0 && <ExportButton course={course} className={styles.actions} />}
      {isOwner && (
        <Suspense fallback={null}>
          <OwnerActions course={course} />
        </Suspense>
      )}
      {user && (
        <Suspense fallback={null}>
          <Progress course={course} />
        </Suspense>
      )}
      <KeepOffline course={course} />

      <h2 className={styles.heading}>{t("course.decks_heading")}</h2>
      {course.decks.length === 0 ? (
        <p className={styles.empty}>{t("course.no_decks")}</p>
      ) : (
        <ol className={styles.decks}>
          {course.decks.map((deck) => (
            <li key={deck.id}>
              <Link to={localePath(`/courses/${course.id}/decks/${deck.id}`)} className={styles.deck}>
                <span className={styles.deckText}>
                  <span>
                    {deck.level}. {deck.name}
                  </span>
                  {/* What the deck holds (#23); a course kept offline before has no count. */}
                  <span className={styles.deckMeta}>
                    {deck.cardCount !== undefined && t("course.deck_cards", { count: deck.cardCount })}
                    {deck.cardCount !== undefined && deck.description && " · "}
                    {deck.description}
                  </span>
                </span>
                {passed.has(deck.id) && (
                  <span className={styles.passed} role="img" aria-label={t("course.deck_completed")}>
                    ✓
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ol>
      )}

      {course.tags.length > 0 && (
        <>
          <h2 className={styles.heading}>{t("course.tags_heading")}</h2>
          <ul className={styles.tags}>
            {course.tags.map((tag) => (
              <li key={tag} className={styles.tag}>
                {tag}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
