import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import styles from "./page.module.css";

interface PageProps {
  title: string;
  /** Shown above the heading, for example a back link. */
  before?: ReactNode;
  children?: ReactNode;
}

/** A screen's frame: its heading and the document title. */
export function Page({ title, before, children }: PageProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t("app.document_title", { title });
  }, [title, t]);

  return (
    <div className={styles.page}>
      {before}
      <h1 className={styles.title}>{title}</h1>
      {children}
    </div>
  );
}
