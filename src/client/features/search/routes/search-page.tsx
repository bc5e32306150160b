import { Button } from "@client/components/button";
import { CourseCard } from "@client/components/course-card";
import gridStyles from "@client/components/course-card.module.css";
import { Link } from "@client/components/link";
import { LoadFailed } from "@client/components/load-failed";
import { Loading } from "@client/components/loading";
import { Page } from "@client/components/page";
import { TextField } from "@client/components/text-field";
import { ApiError } from "@client/lib/api";
import { useLocalePath } from "@client/lib/use-language";
import { messageKey } from "@shared/errors";
import { type SearchResult, searchQuery } from "@shared/schemas/course";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
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
  // Checked here with the server's own rule first: a query it would refuse is not sent.
  const checked = q ? searchQuery.safeParse({ q }) : null;
  const refusal = checked && !checked.success ? messageKey(checked.error.issues[0]?.message ?? "") : null;
  const { data, isPending, isError, error, refetch } = useSearch(refusal ? "" : q);
  const results = data?.items;
  // A refusal from the server says why (its issue's key), not only that loading failed.
  const reason = refusal ?? (error instanceof ApiError ? error.issues[0]?.key : undefined);

  return (
    <Page title={q ? t("pages.search_results", { query: shortened(q) }) : t("search.title")}>
      <form className={styles.form} onSubmit={submit}>
        <TextField label={t("search.label")} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
        <Button type="submit">{t("search.submit")}</Button>
      </form>
      {!q ? (
        <p className={styles.note}>{t("search.empty_query")}</p>
      ) : reason ? (
        <p role="alert">{t(reason)}</p>
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

/** The heading quotes at most this many characters of the query, then "…". */
const QUERY_SHOWN = 60;

function shortened(query: string): string {
  const characters = [...query];
  return characters.length > QUERY_SHOWN ? `${characters.slice(0, QUERY_SHOWN - 1).join("")}…` : query;
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
  return (
    <span className={styles.decks}>
      {t("polish.matched_by", { reasons: reasons.join(t("polish.matched_separator")) })}
    </span>
  );
}
