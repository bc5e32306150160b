/**
 * One Chart.js chart on a canvas that screen readers meet as an image with a summary. Only the
 * pieces the statistics charts use are registered (tree-shaken), and this module is reached from
 * the statistics page's chunk alone: no other screen downloads the library.
 */

import { useTheme } from "@client/lib/theme";
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  type ChartType,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";
import { MatrixController, MatrixElement } from "chartjs-chart-matrix";
import { useEffect, useRef } from "react";
import { type ChartColors, chartColors } from "../lib/colors";
import styles from "./stats.module.css";

Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  MatrixController,
  MatrixElement,
);

interface ChartCanvasProps<T extends ChartType> {
  /** Builds the chart from the theme's colors and the page's font as they are when it is drawn. */
  build(colors: ChartColors, font: string): ChartConfiguration<T>;
  /** What the chart shows, for screen readers (the visible summary line). */
  label: string;
  /** The drawing's height in rem (Chart.js fills its box). */
  height: number;
  /** A width below which the box scrolls sideways instead of squeezing (the calendar). */
  minWidth?: string;
  /** The scrolling box's name, when it scrolls. */
  scrollLabel?: string;
}

export function ChartCanvas<T extends ChartType>({ build, label, height, minWidth, scrollLabel }: ChartCanvasProps<T>) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const scroller = useRef<HTMLElement>(null);
  // Drawn again in the other scheme's colours when the scheme changes (canvas pixels do not follow CSS).
  const theme = useTheme();

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const font = getComputedStyle(element).fontFamily;
    const chart = new Chart(element, build(chartColors(element), font) as ChartConfiguration);
    element.dataset.theme = theme;
    return () => chart.destroy();
  }, [build, theme]);

  // The calendar opens on its latest weeks.
  useEffect(() => {
    const box = scroller.current;
    if (box) box.scrollLeft = box.scrollWidth;
  }, []);

  const drawing = (
    <div className={styles.chart} style={{ height: `${height}rem`, minWidth }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
  if (!minWidth) return drawing;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box is reached by keyboard to scroll it
    <section ref={scroller} className={styles.scroller} tabIndex={0} aria-label={scrollLabel}>
      {drawing}
    </section>
  );
}
