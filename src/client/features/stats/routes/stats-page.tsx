/**
 * /{lang}/stats: the learner's statistics for the whole account, or one course with ?course=ID.
 * Five charts (Chart.js, in this page's chunk only: decision 0022), each with a one-line summary
 * and its figures as a table on demand.
 */

import { Button } from "@client/components/button";
import { Link } from "@client/components/link";
import { Loading } from "@client/components/loading";
import { Page } from "@client/components/page";
import { SignUpInvitation } from "@client/components/sign-up-invitation";
import { useSession } from "@client/core/session/session";
import { courseQuery } from "@client/features/courses/api/get-course";
import { LeechList } from "@client/features/hard-cards/components/leech-list";
import { useTheme } from "@client/lib/theme";
import { useLanguage, useLocalePath } from "@client/lib/use-language";
import type { LearnerStats } from "@shared/schemas/stats";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useStats } from "../api/get-stats";
import { ChartCanvas } from "../components/chart-canvas";
import {
  type ChartContext,
  fluencyConfig,
  forecastConfig,
  heatmapConfig,
  LABELLED_WEEKDAYS,
  MONTH_AXIS_HEIGHT,
  retentionConfig,
  statesConfig,
} from "../components/chart-configs";
import { ChartSection } from "../components/chart-section";
import { MemoryModelSection } from "../components/memory-model-section";
import styles from "../components/stats.module.css";
import { TodayFigures } from "../components/today-figures";
import { type ChartColors, chartColors } from "../lib/colors";
import {
  CARD_STATES,
  type Formats,
  fluencySummary,
  fluencyTable,
  forecastDays,
  forecastSummary,
  forecastTable,
  formats,
  retentionSummary,
  retentionTable,
  retentionWeeks,
  reviewCalendar,
  reviewsSummary,
  reviewsTable,
  statesSummary,
  statesTable,
  todayIn,
} from "../lib/shape";

export function StatsPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { user, initialised } = useSession();
  const [params] = useSearchParams();
  const course = Number(params.get("course"));
  const courseId = Number.isInteger(course) && course > 0 ? course : undefined;
  const { data: courseData } = useQuery({ ...courseQuery(String(courseId)), enabled: courseId !== undefined });

  const title = courseId && courseData ? t("stats.title_course", { course: courseData.name }) : t("stats.title");
  const back = courseId ? (
    <div className={styles.scope}>
      <Link to={localePath(`/courses/${courseId}`)} className={styles.back}>
        ← {t("stats.back_to_course")}
      </Link>
      <Link to={localePath("/stats")} className={styles.back}>
        {t("stats.all_courses")}
      </Link>
    </div>
  ) : undefined;

  return (
    <Page title={title} before={back}>
      {!initialised ? (
        <Loading label={t("stats.loading")} />
      ) : user ? (
        <Statistics courseId={courseId} />
      ) : (
        <SignUpInvitation text={t("stats.invitation")} action={t("stats.sign_up")} />
      )}
    </Page>
  );
}

function Statistics({ courseId }: { courseId?: number }) {
  const { t } = useTranslation();
  const { data, isPending, error, refetch, isRefetching } = useStats(courseId);

  if (isPending) return <Loading label={t("stats.loading")} />;
  if (error || !data) {
    return (
      <div role="alert" className={styles.message}>
        <p>{t("stats.failed")}</p>
        <Button onClick={() => void refetch()} disabled={isRefetching}>
          {t("stats.retry")}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.sections}>
      <Charts stats={data} courseId={courseId} />
      {/* The memory model is the learner's, not a course's: on the account-wide page only. */}
      {courseId === undefined && <MemoryModelSection />}
    </div>
  );
}

function Charts({ stats, courseId }: { stats: LearnerStats; courseId?: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const f = useMemo(() => formats(language), [language]);
  const shaped = useMemo(() => shape(stats), [stats]);
  const context = useCallback(
    (colors: ChartColors, font: string): ChartContext => ({ colors, font, f, t, language }),
    [f, t, language],
  );

  const heatmap = useCallback(
    (colors: ChartColors, font: string) => heatmapConfig(shaped.calendar, context(colors, font)),
    [shaped, context],
  );
  const forecast = useCallback(
    (colors: ChartColors, font: string) => forecastConfig(shaped.forecast, context(colors, font)),
    [shaped, context],
  );
  const retention = useCallback(
    (colors: ChartColors, font: string) => retentionConfig(shaped.weeks, context(colors, font)),
    [shaped, context],
  );
  const states = useCallback(
    (colors: ChartColors, font: string) => statesConfig(stats.cardsByState, context(colors, font)),
    [stats, context],
  );
  const fluency = useCallback(
    (colors: ChartColors, font: string) => fluencyConfig(stats.fluency, context(colors, font)),
    [stats, context],
  );

  const hasReviews = shaped.calendar.max > 0;
  const hasDue = shaped.forecast.some((day) => day.cards > 0);
  const hasCards = CARD_STATES.some((state) => stats.cardsByState[state] > 0);
  const hasFluency = stats.fluency.length > 0;

  return (
    <div className={styles.sections}>
      {stats.unknownTimeZone && (
        <p role="note" className={styles.message}>
          {t("stats.time_zone_unknown", { zone: stats.unknownTimeZone })}
        </p>
      )}
      <TodayFigures today={stats.today} f={f} />
      <ChartSection
        title={t("stats.reviews_title")}
        summary={reviewsSummary(stats.reviewsPerDay, f)}
        table={hasReviews ? reviewsTable(stats.reviewsPerDay, f) : undefined}
        chart={
          hasReviews
            ? (label) => (
                <>
                  <div className={styles.calendar}>
                    <CalendarWeekdays f={f} height={CALENDAR_HEIGHT} />
                    <ChartCanvas
                      build={heatmap}
                      label={label}
                      height={CALENDAR_HEIGHT}
                      minWidth="44rem"
                      scrollLabel={t("stats.calendar")}
                    />
                  </div>
                  <HeatLegend />
                </>
              )
            : undefined
        }
      />
      <ChartSection
        title={t("stats.forecast_title")}
        summary={forecastSummary(shaped.forecast, f)}
        table={hasDue ? forecastTable(shaped.forecast, f) : undefined}
        chart={hasDue ? (label) => <ChartCanvas build={forecast} label={label} height={14} /> : undefined}
      />
      <ChartSection
        title={t("stats.retention_title")}
        summary={retentionSummary(shaped.weeks, f)}
        table={hasReviews ? retentionTable(shaped.weeks, f) : undefined}
        chart={
          shaped.weeks.length > 0 ? (label) => <ChartCanvas build={retention} label={label} height={14} /> : undefined
        }
      />
      <ChartSection
        title={t("stats.states_title")}
        summary={statesSummary(stats.cardsByState, f)}
        table={hasCards ? statesTable(stats.cardsByState, f) : undefined}
        chart={hasCards ? (label) => <ChartCanvas build={states} label={label} height={13} /> : undefined}
        note={t("stats.states_note")}
      />
      <ChartSection
        title={t("stats.fluency_title")}
        summary={fluencySummary(stats.fluency, f)}
        table={hasFluency ? fluencyTable(stats.fluency, f) : undefined}
        chart={
          hasFluency
            ? (label) => (
                <ChartCanvas build={fluency} label={label} height={Math.max(8, 2.5 * stats.fluency.length + 3)} />
              )
            : undefined
        }
      />
      <LeechList courseId={courseId} />
    </div>
  );
}

function shape(stats: LearnerStats) {
  const today = todayIn(stats.timeZone, new Date());
  return {
    today,
    calendar: reviewCalendar(stats.reviewsPerDay, today),
    forecast: forecastDays(stats.duePerDay, today),
    weeks: retentionWeeks(stats.retentionPerWeek, today),
  };
}

/** The calendar's shades, from no reviews to the busiest days (the table has the numbers). */
/** The calendar's height in rem. */
const CALENDAR_HEIGHT = 9.5;

/**
 * The calendar's weekday labels, beside its scrolling box rather than on the canvas: a phone opens
 * the calendar on its latest weeks, scrolled away from the canvas's left edge. Seven rows of the
 * chart's height under its month labels, so each label sits at its row; the canvas says the same
 * to screen readers, and the table has the figures.
 */
function CalendarWeekdays({ f, height }: { f: Formats; height: number }) {
  return (
    <div
      className={styles.weekdays}
      aria-hidden="true"
      style={{ height: `${height}rem`, paddingTop: MONTH_AXIS_HEIGHT }}
    >
      {LABELLED_WEEKDAYS.map((day) => (
        <span key={day} style={{ gridRow: day + 1 }}>
          {f.weekdayName(day)}
        </span>
      ))}
    </div>
  );
}

function HeatLegend() {
  const { t } = useTranslation();
  useTheme(); // the shades are read from the scheme in effect: read again when it changes
  const { heat } = chartColors();
  return (
    <div className={styles.legend} aria-hidden="true">
      {t("stats.legend_fewer")}
      {heat.map((color) => (
        <span key={color} className={styles.swatch} style={{ background: color }} />
      ))}
      {t("stats.legend_more")}
    </div>
  );
}
