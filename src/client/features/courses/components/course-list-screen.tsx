import { Button } from "@client/components/button";
import { CourseGrid } from "@client/components/course-grid";
import formStyles from "@client/components/form.module.css";
import { Link } from "@client/components/link";
import { LoadFailed } from "@client/components/load-failed";
import { Loading } from "@client/components/loading";
import { Page } from "@client/components/page";
import type { MyCourseList } from "@client/core/cache/keys";
import { useSession } from "@client/core/session/session";
import { useLocalePath } from "@client/lib/use-language";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useMyCourseList } from "../api/get-my-course-list";
import { LIST_SORTS, listSort } from "../api/my-course-list-query";
import styles from "./course-list-screen.module.css";

interface CourseListScreenProps {
  list: MyCourseList;
  title: string;
  empty: string;
  /** Buttons beside the sort selector (the import link on My courses). */
  actions?: ReactNode;
}

/** My courses, followed courses, courses in progress: the same screen over a different list. */
export function CourseListScreen({ list, title, empty, actions }: CourseListScreenProps) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const sortId = useId();
  const { user, initialised } = useSession();
  const [params, setParams] = useSearchParams();
  const sort = listSort(params);
  const courses = useMyCourseList(list, sort, Boolean(user));
  const items = courses.data?.pages.flatMap((page) => page.items) ?? [];

  const back = (
    <Link to={localePath("/home")} className={styles.back}>
      ← {t("lists.back_home")}
    </Link>
  );

  return (
    <Page title={title} before={back}>
      {!initialised ? (
        <Loading />
      ) : !user ? (
        <p className={styles.empty}>{t("lists.sign_in_required")}</p>
      ) : (
        <>
          <div className={styles.toolbar}>
            <label htmlFor={sortId} className={formStyles.label}>
              {t("lists.sort")}
            </label>
            <select
              id={sortId}
              className={styles.select}
              value={sort}
              onChange={(e) => setParams({ sort: e.target.value }, { replace: true })}
            >
              {LIST_SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(`lists.sort_${value}`)}
                </option>
              ))}
            </select>
            {actions}
          </div>
          {courses.isPending ? (
            <Loading />
          ) : courses.error && items.length === 0 ? (
            // Not an empty list: it did not come (offline, or the server failed).
            <LoadFailed error={courses.error} retry={() => void courses.refetch()} />
          ) : items.length === 0 ? (
            <p className={styles.empty}>{empty}</p>
          ) : (
            <>
              <CourseGrid courses={items} label={title} />
              {courses.hasNextPage && (
                <div className={styles.more}>
                  <Button
                    variant="secondary"
                    onClick={() => courses.fetchNextPage()}
                    disabled={courses.isFetchingNextPage}
                  >
                    {t("lists.show_more")}
                  </Button>
                </div>
              )}
            </>
          )}
        </>
      )}
    </Page>
  );
}
