import { LoadFailed } from "@client/components/load-failed";
import { Loading } from "@client/components/loading";
import { Page } from "@client/components/page";
import { useSession } from "@client/core/session/session";
import { ExportButton } from "@client/features/exports/components/export-button";
import { FollowStar } from "@client/features/follows/components/follow-star";
import { KeepOfflineSwitch } from "@client/features/offline/components/keep-offline-switch";
import { ApiError } from "@client/lib/api";
import { lazyComponent } from "@client/lib/lazy";
import { useLocalePath } from "@client/lib/use-language";
import type { CourseDetail } from "@shared/schemas/course";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import { useCourse } from "../api/get-course";
import styles from "./course-page.module.css";

/** This page's English texts come with its code, not with the first script (lib/first-screen-texts.ts). */
export { default as firstScreenTexts } from "@shared/i18n/en.json?first-screen=course";

/** Only owners see their tools, and only signed-in learners have progress: visitors load neither. */
const OwnerActions = lazyComponent(() => import("../components/owner-actions").then((module) => module.OwnerActions));
const CourseProgress = lazyComponent(() =>
  import("@client/features/reviews/components/course-progress").then((module) => module.CourseProgress),
);

export function CoursePage() {
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
      {isPending ? <Loading label={t("course.loading")} /> : <CourseBody course={course} />}
    </Page>
  );
}

function CourseBody({ course }: { course: CourseDetail }) {
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
      {course.decks.length > 0 && <ExportButton course={course} className={styles.actions} />}
      {isOwner && (
        <Suspense fallback={null}>
          <OwnerActions course={course} />
        </Suspense>
      )}
      {user && (
        <Suspense fallback={null}>
          <CourseProgress course={course} />
        </Suspense>
      )}
      <KeepOfflineSwitch course={course} />

      <h2 className={styles.heading}>{t("course.decks_heading")}</h2>
      {course.decks.length === 0 ? (
        <p className={styles.empty}>{t("course.no_decks")}</p>
      ) : (
        <ol className={styles.decks}>
          {course.decks.map((deck) => (
            <li key={deck.id}>
              <Link to={localePath(`/courses/${course.id}/decks/${deck.id}`)} className={styles.deck}>
                <span>
                  {deck.level}. {deck.name}
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
