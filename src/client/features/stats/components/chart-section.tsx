import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Cell, Table, Text } from "../lib/shape";
import styles from "./stats.module.css";

interface ChartSectionProps {
  title: string;
  summary: Text;
  /** The figures as a table; none while there is nothing to show. */
  table?: Table;
  /** The chart itself (given the summary's text for its label); none while there is nothing to show. */
  chart?: (summary: string) => ReactNode;
  /** A line under the chart explaining its terms. */
  note?: string;
}

/**
 * One statistic: its heading, a one-line summary anyone can read, the chart, and a "Show as table"
 * toggle with the same figures in a real table (for screen readers, and for exact numbers).
 */
export function ChartSection({ title, summary, table, chart, note }: ChartSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const summaryText = t(summary.key, summary.values);
  const text = (cell: Cell) => (typeof cell === "string" ? cell : t(cell.key, cell.values));

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      <p className={styles.summary}>{summaryText}</p>
      {chart?.(summaryText)}
      {chart && note && <p className={styles.note}>{note}</p>}
      {table && table.rows.length > 0 && (
        <>
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls={`${id}-table`}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? t("stats.hide_table") : t("stats.show_table")}
          </button>
          <div id={`${id}-table`} className={styles.tableBox} hidden={!open}>
            {open && (
              <table className={styles.table}>
                <caption>{title}</caption>
                <thead>
                  <tr>
                    {table.columns.map((column) => (
                      <th key={column} scope="col">
                        {t(column)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row, r) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are a fixed list, redrawn whole
                    <tr key={r}>
                      {row.map((cell, i) =>
                        i === 0 ? (
                          // biome-ignore lint/suspicious/noArrayIndexKey: columns in a fixed order
                          <th key={i} scope="row">
                            {text(cell)}
                          </th>
                        ) : (
                          // biome-ignore lint/suspicious/noArrayIndexKey: columns in a fixed order
                          <td key={i}>{text(cell)}</td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </>
      )}
    </section>
  );
}
