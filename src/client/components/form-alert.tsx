import type { ApiIssue } from "@shared/errors";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
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

export interface FormErrors {
  /** For the form's alert: every distinct text, so it is announced even when a field shows it too. */
  alert: string | null;
  /** Per field path, as the issues name it: "name", "cards.2.question". */
  fields: Readonly<Record<string, string>>;
}

const NO_ERRORS: FormErrors = { alert: null, fields: {} };

/** Issues (a shared schema's before sending, or the server's) in the person's language. */
export function issueErrors(issues: readonly ApiIssue[], t: TFunction): FormErrors {
  const fields: Record<string, string> = {};
  const texts = new Set<string>();
  for (const { path, key, params } of issues) {
    const text = t(key, params ?? {});
    texts.add(text);
    const field = path.join(".");
    if (field && !(field in fields)) fields[field] = text;
  }
  return { alert: [...texts].join(" ") || null, fields };
}

/**
 * A form's errors: `alert` for <FormAlert>, `fieldError(path)` for the field the issues name (the
 * field then says aria-invalid and shows the text). `showText` replaces them with one text, or none.
 */
export function useFormErrors() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  return {
    alert: errors.alert,
    fieldError: (path: string): string | undefined => errors.fields[path],
    showIssues: (issues: readonly ApiIssue[]) => setErrors(issueErrors(issues, t)),
    showText: (text: string | null | undefined) => setErrors(text ? { alert: text, fields: {} } : NO_ERRORS),
  };
}
