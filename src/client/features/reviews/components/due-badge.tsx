import { reviewKeys } from "@client/core/cache/keys";
import { useOnline } from "@client/core/offline/network";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { onAnswersSent } from "../api/answer-outbox";
import { reviewSummaryQuery, todaysReviewCount } from "../api/get-review-queue";
import styles from "./due-badge.module.css";

/** The whole account's summary: the very cache entry Home's "Due today" reads. */
const ALL = {};
/** How long a count read for the header serves later pages before it is asked for again. */
export const HEADER_COUNT_FRESH_MS = 60_000;

/**
 * The header's "N cards due today" on Review (#23): the number Home's "Due today" shows, from the
 * same cache entry, so the two always agree. It costs the server at most one summary a page view,
 * and none while the last one is under a minute old: it is read when a page opens, not on every
 * answer sent. Nothing at 0, offline or unknown.
 */
export function DueBadge() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const online = useOnline();
  const { pathname } = useLocation();
  // Not an observer that refetches (an answer sent would refetch it): read here once a page view.
  const { data, isError } = useQuery({ ...reviewSummaryQuery(ALL), enabled: false });

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on purpose whenever the page changes
  useEffect(() => {
    if (!online) return;
    queryClient.fetchQuery({ ...reviewSummaryQuery(ALL), staleTime: HEADER_COUNT_FRESH_MS }).catch(() => {});
  }, [queryClient, online, pathname]);

  // Answers that reached the server make the count old: Home's line, if open, reads it again (its
  // observer is active); the badge reads it on the next page.
  useEffect(
    () => onAnswersSent(() => void queryClient.invalidateQueries({ queryKey: reviewKeys.summary(ALL), exact: true })),
    [queryClient],
  );

  const count = data && !isError ? todaysReviewCount(data) : 0;
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
