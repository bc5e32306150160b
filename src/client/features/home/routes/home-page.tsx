import { Button } from "@client/components/button";
import { CourseGrid } from "@client/components/course-grid";
import { Link } from "@client/components/link";
import { LoadFailed } from "@client/components/load-failed";
import { Loading } from "@client/components/loading";
import { Page } from "@client/components/page";
import { isNetworkError } from "@client/core/offline/offline-copy";
import { useAuthDialog } from "@client/core/session/auth-dialog";
import { useSession } from "@client/core/session/session";
import { DueToday } from "@client/features/reviews/components/due-today";
import { useLocalePath } from "@client/lib/use-language";
import type { CourseCardSummary } from "@shared/schemas/course";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHomeLists } from "../api/get-home-lists";
import styles from "./home-page.module.css";

/** Your Courses, Jump Back In, Courses You Follow: three each, with a way to all of them. */
export function HomePage() {
  const { t } = useTranslation();
  const { user, initialised } = useSession();
  const { data, isPending, error, refetch } = useHomeLists(Boolean(user));
  const localePath = useLocalePath();

  const sections: { id: string; title: string; path: string; empty: string; courses?: CourseCardSummary[] }[] = [
    { id: "own", title: t("home.your_courses"), path: "/my_courses", empty: t("home.no_own"), courses: data?.own },
    {
      id: "progress",
      title: t("home.jump_back_in"),
      path: "/courses_in_progress",
      // A course with every deck passed is complete, no longer in progress: say so (#23).
      empty: data?.completedCourses
        ? t("home.no_progress_completed", { count: data.completedCourses })
        : t("home.no_progress"),
      courses: data?.inProgress,
    },
    {
      id: "followed",
      title: t("home.followed"),
      path: "/followed_courses",
      empty: t("home.no_followed"),
      courses: data?.followed,
    },
  ];

  return (
    <Page title={t("pages.home")}>
      {user && <DueToday />}
      {/* Not an empty list: the lists did not come (offline, or the server failed). */}
      {user && error && !data && <LoadFailed error={error} retry={() => void refetch()} />}
      {user && error && !data && isNetworkError(error) && (
        // What Home can still offer offline (#23): the kept courses' review works without a connection.
        <p className={styles.empty}>
          <Link to={localePath("/review")}>{t("home.offline_review")}</Link>
        </p>
      )}
      {!(user && error && !data) &&
        sections.map((section) => (
          <HomeSection key={section.id} id={section.id} title={section.title} path={user ? section.path : undefined}>
            {!initialised || (user && isPending) ? (
              <Loading />
            ) : !user ? (
              <SignInNudge />
            ) : section.courses?.length ? (
              <CourseGrid courses={section.courses} />
            ) : (
              <p className={styles.empty}>{section.empty}</p>
            )}
          </HomeSection>
        ))}
    </Page>
  );
}

function HomeSection({ id, title, path, children }: { id: string; title: string; path?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <section className={styles.section} aria-labelledby={`home-${id}`}>
      <div className={styles.sectionHeader}>
        <h2 id={`home-${id}`}>{title}</h2>
        {path && (
          <Link to={localePath(path)} aria-label={t("home.view_all_of", { list: title })}>
            {t("home.view_all")}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

function SignInNudge() {
  const { t } = useTranslation();
  const { openAuthDialog } = useAuthDialog();
  return (
    <p className={styles.empty}>
      {t("home.sign_in_prompt")}{" "}
      <Button variant="link" onClick={() => openAuthDialog()}>
        {t("auth.sign_in_sign_up")}
      </Button>
    </p>
  );
}
