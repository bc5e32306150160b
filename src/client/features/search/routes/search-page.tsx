import { Button } from "@client/components/button";
import { Loading } from "@client/components/loading";
import { Page } from "@client/components/page";
import { TextField } from "@client/components/text-field";
import { CourseCard } from "@client/features/courses/components/course-card";
import gridStyles from "@client/features/courses/components/course-card.module.css";
import { LoadFailed } from "@client/features/offline/components/load-failed";
import { useLocalePath } from "@client/lib/use-language";
import type { SearchResult } from "@shared/schemas/course";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useSearch } from "../api/search-courses";
import styles from "./search-page.module.css";

export function SearchPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const [params, setParams] = useSearchParams();
  const q = (params.get("q") ?? "").trim();
  const [draft, setDraft] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim()) setParams({ q: draft.trim() });
  };
  const { data, isPending, isError, error, refetch } = useSearch(q);
  const results = data?.items;

  return (
    <Page title={q ? t("pages.search_results", { query: q }) : t("search.title")}>
      <form className={styles.form} onSubmit={submit}>
        <TextField label={t("search.label")} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
        <Button type="submit">{t("search.submit")}</Button>
      </form>
      {!q ? (
        <p className={styles.note}>{t("search.empty_query")}</p>
      ) : isError ? (
        // Offline it says search needs a connection; either way Try again asks once more.
        <LoadFailed
          error={error}
          retry={() => void refetch()}
          message={t("search.failed")}
          offlineMessage={t("search_offline.needs_connection")}
        />
      ) : isPending ? (
        <Loading label={t("search.loading")} />
      ) : !results || results.length === 0 ? (
        <p className={styles.note}>{t("search.no_results")}</p>
      ) : (
        <>
          <ul className={gridStyles.grid} aria-label={t("search.results")}>
            {results.map((course) => (
              <CourseCard key={course.id} course={course} variant="search">
                <MatchReason course={course} />
              </CourseCard>
            ))}
          </ul>
          {data.more && (
            <p className={styles.note} role="note">
              {t("polish.more_results")}
            </p>
          )}
        </>
      )}
      {q && results && results.length === 0 && (
        <p>
          <Link to={localePath("/")}>{t("search.browse_popular")}</Link>
        </p>
      )}
    </Page>
  );
}

/** Why the course was found: its name, which tags, which decks (the reply says; no guessing here). */
function MatchReason({ course }: { course: SearchResult }) {
  const { t } = useTranslation();
  const reasons = [
    course.nameMatched ? t("polish.matched_name") : null,
    course.tags.length > 0 ? t("polish.matched_tags", { tags: course.tags }) : null,
    course.decks.length > 0 ? t("polish.matched_decks", { decks: course.decks.map((deck) => deck.name) }) : null,
  ].filter((reason) => reason !== null);
  if (reasons.length === 0) return null;
  return <span className={styles.decks}>{t("polish.matched_by", { reasons: reasons.join(" · ") })}</span>;
}
