import formStyles from "@client/components/form.module.css";
import { isComposing } from "@client/lib/composition";
import { TEXT_LIMITS } from "@shared/limits";
import { normalizeTags } from "@shared/schemas/course";
import { type KeyboardEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./tag-input.module.css";

interface TagInputProps {
  tags: string[];
  onChange(tags: string[]): void;
  /** A refused tag (too long, too many): the input is marked and says why. */
  error?: string;
  /** The form's name for the tags, so a refusal can focus the input. */
  name?: string;
}

/**
 * Tags typed one at a time, added with Enter or a comma (trimmed, never blank or twice: "Japanese"
 * and "japanese" are one tag, as the server stores them), removable; "a, b" typed or pasted is two
 * tags. The Enter that confirms an input method's conversion (てつどう → 鉄道) is the IME's, not
 * ours; a tag over the limit stays in the field, marked, instead of becoming a chip.
 */
export function TagInput({ tags, onChange, error, name }: TagInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState("");
  const [tooLong, setTooLong] = useState(false);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key !== "Enter" && event.key !== ",") || isComposing(event)) return;
    event.preventDefault(); // Enter adds a tag; it does not submit the form
    const typed = normalizeTags([draft]);
    if (typed.some((tag) => tag.length > TEXT_LIMITS.tag)) {
      setTooLong(true);
      return;
    }
    const next = normalizeTags([...tags, ...typed]);
    if (next.length !== tags.length) onChange(next);
    setDraft("");
  };
  const shown = tooLong ? t("validation.tag_too_long") : error;

  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {t("course_form.tags")}
      </label>
      <input
        id={id}
        name={name}
        className={formStyles.input}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          setTooLong(false);
        }}
        onKeyDown={onKeyDown}
        aria-describedby={shown ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={shown ? true : undefined}
      />
      <p id={`${id}-hint`} className={formStyles.hint}>
        {t("course_form.tags_hint")}
      </p>
      {shown && (
        <p id={`${id}-error`} className={formStyles.fieldError}>
          {shown}
        </p>
      )}
      {tags.length > 0 && (
        <ul className={styles.chips} aria-label={t("course_form.added_tags")}>
          {tags.map((tag) => (
            <li key={tag} className={styles.chip}>
              {tag}
              <button
                type="button"
                className={styles.remove}
                onClick={() => onChange(tags.filter((other) => other !== tag))}
                aria-label={t("course_form.remove_tag", { tag })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
