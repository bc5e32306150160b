/**
 * The five charts' Chart.js configurations, from the shaped figures (lib/shape.ts), the theme's
 * colors (read when drawn) and the page's language. Nothing animates: the figures are read, not watched.
 */

import type { LearnerStats } from "@shared/schemas/stats";
import type { ChartConfiguration, Scale, Tick } from "chart.js";
import type { TFunction } from "i18next";
import type { ChartColors } from "../lib/colors";
import { CARD_STATES, type Formats, type Heatmap, heatLevel, type RetentionWeek } from "../lib/shape";

export interface ChartContext {
  colors: ChartColors;
  f: Formats;
  t: TFunction;
  language: string;
  font: string;
}

const CELL_GAP = 2;
/**
 * The calendar's month labels take this many pixels above its rows. Fixed, so the weekday labels
 * beside the scrolling calendar (stats-page.tsx) line up with the rows without reading the chart.
 */
export const MONTH_AXIS_HEIGHT = 24;
/** The calendar's weekday rows that are labelled (0 = Monday): every other day, as on most calendars. */
export const LABELLED_WEEKDAYS = [0, 2, 4, 6];

function base(c: ChartContext) {
  return {
    animation: false as const,
    responsive: true,
    maintainAspectRatio: false,
    locale: c.language,
    font: { family: c.font },
  };
}

const tooltip = (c: ChartContext) => ({
  backgroundColor: c.colors.text,
  titleColor: c.colors.surface,
  bodyColor: c.colors.surface,
  titleFont: { family: c.font },
  bodyFont: { family: c.font },
  displayColors: false,
});

/** Axes in the theme's muted text and border colors. */
const axis = (c: ChartContext) => ({
  ticks: { color: c.colors.muted, font: { family: c.font } },
  grid: { color: c.colors.grid },
  border: { color: c.colors.grid },
});

/** Ticks exactly at the given values (month starts, weekdays). */
const ticksAt = (values: number[]) => (scale: Scale) => {
  scale.ticks = values.map((value): Tick => ({ value }));
};

export function heatmapConfig(heatmap: Heatmap, c: ChartContext): ChartConfiguration<"matrix"> {
  const monthAt = new Map(heatmap.months.map((m) => [m.x, m.day]));
  return {
    type: "matrix",
    data: {
      datasets: [
        {
          data: heatmap.cells.map((cell) => ({ x: cell.x, y: cell.y, v: cell.reviews })),
          backgroundColor: (ctx) => c.colors.heat[heatLevel(heatmap.cells[ctx.dataIndex]?.reviews ?? 0, heatmap.max)],
          borderRadius: 2,
          borderWidth: 0,
          width: ({ chart }) => Math.max(2, (chart.chartArea?.width ?? 0) / heatmap.weeks - CELL_GAP),
          height: ({ chart }) => Math.max(2, (chart.chartArea?.height ?? 0) / 7 - CELL_GAP),
        },
      ],
    },
    options: {
      ...base(c),
      plugins: {
        tooltip: {
          ...tooltip(c),
          callbacks: {
            title: (items) => c.f.dayLong(heatmap.cells[items[0]?.dataIndex ?? 0]?.day ?? ""),
            label: (item) =>
              c.t("stats.tooltip_reviews", { count: c.f.number(heatmap.cells[item.dataIndex]?.reviews ?? 0) }),
          },
        },
      },
      scales: {
        x: {
          type: "linear",
          position: "top",
          min: -0.5,
          max: heatmap.weeks - 0.5,
          offset: false,
          // No tick marks (they would take 8 px): a label's line and its padding fit the fixed height.
          grid: { display: false, drawTicks: false },
          border: { display: false },
          afterBuildTicks: ticksAt(heatmap.months.map((m) => m.x)),
          afterFit: (scale) => {
            scale.height = MONTH_AXIS_HEIGHT;
          },
          ticks: {
            color: c.colors.muted,
            font: { family: c.font },
            padding: 6,
            autoSkip: false,
            maxRotation: 0,
            callback: (value) => {
              const day = monthAt.get(Number(value));
              return day ? c.f.monthShort(day) : "";
            },
          },
        },
        // The weekday labels are drawn beside the chart, outside its scrolling box, so a phone that
        // opens the calendar on its latest weeks still shows them (stats-page.tsx, CalendarWeekdays).
        y: {
          type: "linear",
          display: false,
          reverse: true,
          min: -0.5,
          max: 6.5,
          offset: false,
        },
      },
    },
  };
}

export function forecastConfig(forecast: { day: string; cards: number }[], c: ChartContext): ChartConfiguration<"bar"> {
  return {
    type: "bar",
    data: {
      labels: forecast.map((row) => c.f.day(row.day)),
      datasets: [
        {
          data: forecast.map((row) => row.cards),
          backgroundColor: c.colors.accent,
          hoverBackgroundColor: c.colors.accentStrong,
          borderRadius: 3,
        },
      ],
    },
    options: {
      ...base(c),
      plugins: {
        tooltip: {
          ...tooltip(c),
          callbacks: {
            title: (items) => c.f.dayLong(forecast[items[0]?.dataIndex ?? 0]?.day ?? ""),
            label: (item) => c.t("stats.tooltip_cards", { count: c.f.number(Number(item.raw)) }),
          },
        },
      },
      scales: {
        x: { ...axis(c), grid: { display: false }, ticks: { ...axis(c).ticks, maxRotation: 0, autoSkipPadding: 8 } },
        y: { ...axis(c), beginAtZero: true, ticks: { ...axis(c).ticks, precision: 0 } },
      },
    },
  };
}

export function retentionConfig(weeks: RetentionWeek[], c: ChartContext): ChartConfiguration<"line"> {
  return {
    type: "line",
    data: {
      labels: weeks.map((week) => c.f.day(week.week)),
      datasets: [
        {
          data: weeks.map((week) => (week.reviews > 0 ? week.right / week.reviews : null)),
          borderColor: c.colors.accent,
          backgroundColor: c.colors.accent,
          pointRadius: 3,
          pointHoverRadius: 5,
          borderWidth: 2,
          spanGaps: true,
        },
      ],
    },
    options: {
      ...base(c),
      plugins: {
        tooltip: {
          ...tooltip(c),
          callbacks: {
            title: (items) => c.t("stats.tooltip_week", { day: c.f.day(weeks[items[0]?.dataIndex ?? 0]?.week ?? "") }),
            label: (item) => {
              const week = weeks[item.dataIndex];
              return week
                ? c.t("stats.tooltip_retention", {
                    rate: c.f.percent(week.reviews ? week.right / week.reviews : 0),
                    right: c.f.number(week.right),
                    total: c.f.number(week.reviews),
                  })
                : "";
            },
          },
        },
      },
      scales: {
        x: { ...axis(c), grid: { display: false }, ticks: { ...axis(c).ticks, maxRotation: 0, autoSkipPadding: 12 } },
        y: {
          ...axis(c),
          min: 0,
          max: 1,
          ticks: { ...axis(c).ticks, stepSize: 0.25, callback: (value) => c.f.percent(Number(value)) },
        },
      },
    },
  };
}

export function statesConfig(cards: LearnerStats["cardsByState"], c: ChartContext): ChartConfiguration<"bar"> {
  return {
    type: "bar",
    data: {
      labels: CARD_STATES.map((state) => c.t(`stats.state_${state}`)),
      datasets: [
        {
          data: CARD_STATES.map((state) => cards[state]),
          backgroundColor: [c.colors.muted, c.colors.accent, c.colors.accentStrong, c.colors.success],
          borderRadius: 3,
          maxBarThickness: 64,
        },
      ],
    },
    options: {
      ...base(c),
      plugins: {
        tooltip: {
          ...tooltip(c),
          callbacks: { label: (item) => c.t("stats.tooltip_cards", { count: c.f.number(Number(item.raw)) }) },
        },
      },
      scales: {
        x: { ...axis(c), grid: { display: false }, ticks: { ...axis(c).ticks, color: c.colors.text } },
        y: { ...axis(c), beginAtZero: true, ticks: { ...axis(c).ticks, precision: 0 } },
      },
    },
  };
}

export function fluencyConfig(fluency: LearnerStats["fluency"], c: ChartContext): ChartConfiguration<"bar"> {
  return {
    type: "bar",
    data: {
      labels: fluency.map((deck) => deck.deckName),
      datasets: [
        {
          data: fluency.map((deck) => deck.medianMs / 1000),
          backgroundColor: c.colors.accent,
          hoverBackgroundColor: c.colors.accentStrong,
          borderRadius: 3,
          maxBarThickness: 28,
        },
      ],
    },
    options: {
      ...base(c),
      indexAxis: "y",
      plugins: {
        tooltip: {
          ...tooltip(c),
          callbacks: {
            label: (item) => {
              const deck = fluency[item.dataIndex];
              return deck
                ? c.t("stats.tooltip_fluency", { time: c.f.seconds(deck.medianMs), count: c.f.number(deck.answers) })
                : "";
            },
          },
        },
      },
      scales: {
        x: {
          ...axis(c),
          beginAtZero: true,
          ticks: {
            ...axis(c).ticks,
            maxTicksLimit: 6,
            autoSkipPadding: 12,
            callback: (value, _index, ticks) => {
              const step = ticks.length > 1 ? Math.abs((ticks[1]?.value ?? 0) - (ticks[0]?.value ?? 0)) : 1;
              return c.f.secondsTick(Number(value) * 1000, step * 1000);
            },
          },
        },
        y: {
          ...axis(c),
          grid: { display: false },
          ticks: {
            ...axis(c).ticks,
            color: c.colors.text,
            // Long deck names are cut on the axis; the tooltip and the table have them whole.
            callback: (_value, index) => {
              const name = fluency[index]?.deckName ?? "";
              return name.length > 18 ? `${name.slice(0, 17)}…` : name;
            },
          },
        },
      },
    },
  };
}
