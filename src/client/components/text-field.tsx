import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import styles from "./form.module.css";

interface FieldProps {
  label: string;
  hint?: string;
  error?: string;
  id?: string;
  /** Renders the control with the ids and aria attributes it needs. */
  children(control: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }): ReactNode;
}

/** A label, a control, and an optional hint and error, both announced with the control. */
export function Field({ label, hint, error, id, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
      </label>
      {children({ id: controlId, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; error?: string };

export function TextField({ label, hint, error, id, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => <input className={styles.input} {...control} {...input} />}
    </Field>
  );
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  hint?: string;
  error?: string;
};

export function TextAreaField({ label, hint, error, id, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => <textarea className={`${styles.input} ${styles.textarea}`} rows={3} {...control} {...textarea} />}
    </Field>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; hint?: string; error?: string };

export function SelectField({ label, hint, error, id, children, ...select }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => (
        <select className={styles.input} {...control} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}
