/**
 * "Add readings" for one card of the deck editor (decision 0053): shown while its question or
 * answer has kanji, it asks the server to suggest readings in Anki's syntax (`漢字[かんじ]`) for
 * those fields and puts the suggestions in them, for the author to check and correct before saving.
 * A field typed into while the suggestion was on its way keeps what was typed.
 */

import { Button } from "@client/components/button";
import { FormAlert } from "@client/components/form-alert";
import { ApiError } from "@client/lib/api";
import { hasKanji } from "@shared/furigana/kanji";
import { useState } from "react";
import { type FieldValues, type Path, type PathValue, type UseFormReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSuggestReadings } from "../api/suggest-readings";
import styles from "./add-readings-button.module.css";

interface AddReadingsButtonProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** The card's number, as the editor shows it. */
  number: number;
  /** The card's text fields. */
  names: readonly Path<T>[];
}

export function AddReadingsButton<T extends FieldValues>({ form, number, names }: AddReadingsButtonProps<T>) {
  const { t } = useTranslation();
  const suggest = useSuggestReadings();
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const values = useWatch({ control: form.control, name: [...names] }) as unknown[];
  const withKanji = names.filter((_, i) => {
    const value = values[i];
    return typeof value === "string" && hasKanji(value);
  });
  if (withKanji.length === 0) return null;

  const addReadings = async () => {
    if (suggest.isPending) return;
    const sent = withKanji.map((name) => String(form.getValues(name)));
    setDone(false);
    setFailed(null);
    try {
      const suggestions = await suggest.mutateAsync(sent);
      withKanji.forEach((name, i) => {
        const suggestion = suggestions[i];
        if (suggestion === undefined || form.getValues(name) !== sent[i]) return;
        form.setValue(name, suggestion as PathValue<T, Path<T>>, { shouldDirty: true });
      });
      setDone(true);
    } catch (failure) {
      console.error(failure);
      setFailed(failureText(failure));
    }
  };

  const failureText = (failure: unknown) => {
    if (!(failure instanceof ApiError)) return t("readings.failed");
    const issue = failure.issues[0];
    if (issue) return t(issue.key, issue.params ?? {});
    if (failure.code === "rate_limited") return t("readings.too_many");
    if (failure.code === "network" || failure.code === "unavailable") return t(`errors.${failure.code}`);
    return t("readings.failed");
  };

  return (
    <div className={styles.row}>
      <Button
        variant="secondary"
        size="small"
        onClick={addReadings}
        // Stays focusable while busy (a disabled button would drop the keyboard's focus).
        aria-disabled={suggest.isPending}
        aria-busy={suggest.isPending}
        aria-label={suggest.isPending ? t("readings.adding") : t("readings.add_card", { number })}
      >
        {suggest.isPending ? t("readings.adding") : t("readings.add")}
      </Button>
      <p className={styles.done} role="status">
        {done ? t("readings.added") : ""}
      </p>
      <FormAlert message={failed} />
    </div>
  );
}
