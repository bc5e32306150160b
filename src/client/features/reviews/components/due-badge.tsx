import { reviewKeys } from "@client/core/cache/keys";
import { useOnline } from "@client/core/offline/network";
import { useSession } from "@client/core/session/session";
import { todaysReviewCount } from "@shared/schemas/review";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { onAnswersSent } from "../api/answer-outbox";
import { reviewSummaryQuery } from "../api/get-review-queue";
import styles from "./due-badge.module.css";

/** The whole account's summary: the very cache entry Home's "Due today" reads. */
const ALL = {};
const KEY = reviewKeys.summary(ALL);
/** How long a count read for the header serves later pages before it is asked for again. */
export const HEADER_COUNT_FRESH_MS = 60_000;

/**
 * The last count this tab read, for the next page that loads in full (a link opened anew, a
 * reload): it does not ask the server again for a minute. Dropped as soon as the count is old.
 */
const STORED = "flashcards-header-due";
interface StoredCount {
  userId: string;
  count: number;
  at: number;
}

function readStored(userId: string): StoredCount | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORED) ?? "null") as StoredCount | null;
    return stored?.userId === userId && Date.now() - stored.at < HEADER_COUNT_FRESH_MS ? stored : null;
  } catch {
    return null; // storage off or unreadable: the count is read from the server
  }
}

function store(value: StoredCount | null) {
  try {
    if (value) sessionStorage.setItem(STORED, JSON.stringify(value));
    else sessionStorage.removeItem(STORED);
  } catch {
    // Not kept: the next full page load asks the server.
  }
}

/**
 * The header's "N cards due today" on Review (#23): the number Home's "Due today" shows, from the
 * same cache entry, so the two always agree. It costs the server at most one summary a page view,
 * and none while the last one is under a minute old (in this tab, across full page loads too): it
 * is read when a page opens, not on every answer sent; anything that makes it old (answers that
 * reached the server, new settings) has it read again on the next page. Nothing at 0, offline or
 * unknown.
 */
export function DueBadge() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const online = useOnline();
  const { user } = useSession();
  const userId = user?.id ?? "";
  const { pathname } = useLocation();
  // Not an observer that refetches (an answer sent would refetch it): read here once a page view.
  const { data, isError } = useQuery({ ...reviewSummaryQuery(ALL), enabled: false });
  const [stored] = useState(() => readStored(userId));

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on purpose whenever the page changes
  useEffect(() => {
    if (!online || !userId) return;
    if (!queryClient.getQueryData(KEY) && readStored(userId)) return;
    queryClient.fetchQuery({ ...reviewSummaryQuery(ALL), staleTime: HEADER_COUNT_FRESH_MS }).catch(() => {});
  }, [queryClient, online, pathname, userId]);

  // The stored copy follows the cache entry: written when it is read, dropped when it turns old.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe(({ query }) => {
        if (query.queryHash !== JSON.stringify(KEY)) return;
        const { data: summary, dataUpdatedAt, isInvalidated, status } = query.state;
        if (isInvalidated || status === "error") store(null);
        else if (summary && userId) store({ userId, count: todaysReviewCount(summary), at: dataUpdatedAt });
      }),
    [queryClient, userId],
  );

  // Answers that reached the server make the count old: Home's line, if open, reads it again (its
  // observer is active); the badge reads it on the next page.
  useEffect(
    () => onAnswersSent(() => void queryClient.invalidateQueries({ queryKey: KEY, exact: true })),
    [queryClient],
  );

  const count = data ? (isError ? 0 : todaysReviewCount(data)) : (stored?.count ?? 0);
  if (!online || count === 0) return null;
  return (
    <>
      <span className={styles.badge} aria-hidden="true">
        {count > 99 ? "99+" : count}
      </span>{" "}
      <span className="visually-hidden">{t("nav.review_due", { count })}</span>
    </>
  );
}
