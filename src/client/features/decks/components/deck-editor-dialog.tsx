/**
 * Create a deck, or edit one: name, description and 4 to 50 cards, each with a question, an
 * answer and a display time. Cards can also be pasted as "question<TAB>answer" lines.
 */

import { Button } from "@client/components/button";
import { Dialog } from "@client/components/dialog";
import formStyles from "@client/components/form.module.css";
import { FormAlert, useFormErrors } from "@client/components/form-alert";
import { TextAreaField, TextField } from "@client/components/text-field";
import { ApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { issuesFromZod } from "@shared/errors";
import {
  CARD_DURATION_DEFAULT_CREATE,
  CARD_DURATION_DEFAULT_NEW_IN_EDITOR,
  DECK_MAX_CARDS,
  DECK_MIN_CARDS,
} from "@shared/limits";
import { type DeckDetail, deckCreateInput } from "@shared/schemas/deck";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCreateDeck, useUpdateDeck } from "../api/save-deck";
import { type CardRow, deckChanges, newRow, parsePastedCards, rowsFromCards } from "../lib/card-rows";
import styles from "./deck-editor-dialog.module.css";
import { DurationSlider } from "./duration-slider";

type Target = { kind: "create"; courseId: number } | { kind: "edit"; deck: DeckDetail };

interface DeckEditorDialogProps {
  open: boolean;
  onClose(): void;
  target: Target;
}

export function DeckEditorDialog({ open, onClose, target }: DeckEditorDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={target.kind === "create" ? t("deck_form.create_title") : t("deck_form.edit_title")}
      wide
    >
      {open && <DeckEditor target={target} onDone={onClose} />}
    </Dialog>
  );
}

function DeckEditor({ target, onDone }: { target: Target; onDone(): void }) {
  const { t } = useTranslation();
  const editing = target.kind === "edit" ? target.deck : undefined;
  const createDeck = useCreateDeck();
  const updateDeck = useUpdateDeck();
  const [name, setName] = useState(editing?.name ?? "");
  const [description, setDescription] = useState(editing?.description ?? "");
  const [rows, setRows] = useState<CardRow[]>(() =>
    editing
      ? rowsFromCards(editing.flashcards)
      : Array.from({ length: DECK_MIN_CARDS }, () => newRow(CARD_DURATION_DEFAULT_CREATE)),
  );
  const [bulkDuration, setBulkDuration] = useState(CARD_DURATION_DEFAULT_CREATE);
  const [pasted, setPasted] = useState("");
  const errors = useFormErrors();
  const busy = createDeck.isPending || updateDeck.isPending;

  const updateRow = (key: string, patch: Partial<CardRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const addPasted = () => {
    const parsed = parsePastedCards(pasted);
    if (parsed.length === 0) return errors.showText(t("deck_form.paste_nothing"));
    const duration = editing ? CARD_DURATION_DEFAULT_NEW_IN_EDITOR : bulkDuration;
    // Pasted cards fill the empty rows first, then come after the rest.
    setRows((current) => {
      const filled = current.filter((row) => row.question.trim() || row.answer.trim() || row.savedId !== undefined);
      return [...filled, ...parsed.map((card) => newRow(duration, card.question, card.answer))];
    });
    setPasted("");
    errors.showText(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The same rules as the server, checked first so the person sees them at once.
    const cards = rows.map(({ question, answer, duration }) => ({ question, answer, duration }));
    const parsed = deckCreateInput.safeParse({ name, description, cards });
    // Its paths (cards.2.question) name the rows as shown.
    if (!parsed.success) return errors.showIssues(issuesFromZod(parsed.error.issues));
    errors.showText(null);
    try {
      if (target.kind === "edit") {
        await updateDeck.mutateAsync({
          deck: target.deck,
          input: { name, description, ...deckChanges(target.deck.flashcards, rows) },
        });
        notify.success(t("deck_form.changes_saved"));
      } else {
        await createDeck.mutateAsync({ courseId: target.courseId, input: parsed.data });
        notify.success(t("deck_form.deck_made_successfully"));
      }
      onDone();
    } catch (failure) {
      console.error(failure);
      if (failure instanceof ApiError && failure.issues.length) {
        errors.showIssues(failure.issues);
      } else if (failure instanceof ApiError && failure.code === "unauthenticated") {
        notify.error(t("validation.login_to_make_deck"));
      } else {
        notify.error(editing ? t("validation.failed_to_save_deck") : t("validation.make_deck_failed"));
      }
    }
  };

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <TextField
        label={t("deck_form.name")}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.fieldError("name")}
        required
      />
      <TextAreaField
        label={t("deck_form.description")}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.fieldError("description")}
        rows={2}
        required
      />
      {!editing && (
        <fieldset className={styles.box}>
          <legend>{t("deck_form.default_duration")}</legend>
          <p className={formStyles.hint}>{t("deck_form.default_duration_hint")}</p>
          <DurationSlider
            label={t("deck_form.default_duration")}
            seconds={bulkDuration}
            showMarks
            onChange={(seconds) => {
              setBulkDuration(seconds);
              setRows((current) => current.map((row) => ({ ...row, duration: seconds })));
            }}
          />
        </fieldset>
      )}
      <details className={styles.box}>
        <summary>{t("deck_form.paste_title")}</summary>
        <TextAreaField
          label={t("deck_form.paste_label")}
          hint={t("deck_form.paste_hint")}
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          rows={4}
        />
        <Button variant="secondary" size="small" onClick={addPasted}>
          {t("deck_form.paste_add")}
        </Button>
      </details>

      <h3 className={styles.cardsHeading}>{t("deck_form.cards", { count: rows.length, max: DECK_MAX_CARDS })}</h3>
      <ol className={styles.cards}>
        {rows.map((row, index) => (
          <li key={row.key} className={styles.card}>
            <div className={styles.cardHeader}>
              <span className={styles.cardNumber}>{t("deck_form.card_number", { number: index + 1 })}</span>
              <Button
                variant="link"
                onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                aria-label={t("deck_form.remove_card_number", { number: index + 1 })}
              >
                {t("deck_form.remove_card")}
              </Button>
            </div>
            <div className={styles.cardFields}>
              <TextAreaField
                label={t("deck_form.question_number", { number: index + 1 })}
                value={row.question}
                onChange={(e) => updateRow(row.key, { question: e.target.value })}
                error={errors.fieldError(`cards.${index}.question`)}
                rows={2}
              />
              <TextAreaField
                label={t("deck_form.answer_number", { number: index + 1 })}
                value={row.answer}
                onChange={(e) => updateRow(row.key, { answer: e.target.value })}
                error={errors.fieldError(`cards.${index}.answer`)}
                rows={2}
              />
            </div>
            <DurationSlider
              label={t("deck_form.duration_number", { number: index + 1 })}
              seconds={row.duration}
              onChange={(duration) => updateRow(row.key, { duration })}
            />
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        onClick={() =>
          setRows((current) => [...current, newRow(editing ? CARD_DURATION_DEFAULT_NEW_IN_EDITOR : bulkDuration)])
        }
      >
        {t("deck_form.add_card")}
      </Button>
      {/* Sticky, so the message and the button stay in view however long the deck is. */}
      <div className={styles.footer}>
        <FormAlert message={errors.alert} />
        <Button type="submit" disabled={busy}>
          {editing ? t("deck_form.save") : t("deck_form.create")}
        </Button>
      </div>
    </form>
  );
}
