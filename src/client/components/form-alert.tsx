import { Fragment } from "react";
import styles from "./form.module.css";

/** A form's error (or errors, one per line), announced when it appears; nothing when there is none. */
export function FormAlert({ message }: { message?: string | readonly string[] | null }) {
  const lines = typeof message === "string" ? [message] : (message ?? []);
  if (lines.length === 0) return null;
  return (
    <p className={styles.alert} role="alert">
      {lines.map((line, index) => (
        <Fragment key={line}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </p>
  );
}
