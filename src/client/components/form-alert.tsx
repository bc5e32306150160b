import styles from "./form.module.css";

/** A form's error, announced when it appears; nothing when there is none. */
export function FormAlert({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className={styles.alert} role="alert">
      {message}
    </p>
  );
}
