/**
 * Create a deck, or edit one: name, description and 4 to 50 cards, each with a question, an
 * answer and a display time. Cards can also be pasted as "question<TAB>answer" lines. What is
 * typed is kept as a draft in local storage until the deck is saved (lib/deck-draft.ts), and
 * closing with unsaved changes asks first.
 */

import { Button } from "@client/components/button";
import { Dialog } from "@client/components/dialog";
import formStyles from "@client/components/form.module.css";
import { FormAlert } from "@client/components/form-alert";
import { TextAreaField, TextField } from "@client/components/text-field";
import { useSchemaForm } from "@client/components/use-schema-form";
import { useSession } from "@client/core/session/session";
import { ApiError } from "@client/lib/api";
import { samePath } from "@client/lib/form-issues";
import { notify } from "@client/lib/notify";
import type { SideLanguages } from "@shared/card-languages";
import {
  CARD_DURATION_DEFAULT_CREATE,
  CARD_DURATION_DEFAULT_NEW_IN_EDITOR,
  DECK_MAX_CARDS,
  DECK_MIN_CARDS,
} from "@shared/limits";
import { type DeckDetail, deckCreateInput } from "@shared/schemas/deck";
import { type ClipboardEvent, useCallback, useEffect, useId, useMemo, useState } from "react";
import { Controller, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useCreateDeck, useUpdateDeck } from "../api/save-deck";
import {
  type CardRow,
  deckChanges,
  deckEditIssuePath,
  fitPastedCards,
  newRow,
  parsePastedCards,
  rowsFromCards,
} from "../lib/card-rows";
import {
  clearDraft,
  type DeckDraft,
  type DraftStore,
  draftKey,
  draftStorage,
  readDraft,
  rowsFromDraft,
  writeDraft,
} from "../lib/deck-draft";
import { AddReadingsButton } from "./add-readings-button";
import { CardPreview } from "./card-preview";
import styles from "./deck-editor-dialog.module.css";
import { DurationSlider } from "./duration-slider";

/** A new deck knows its course's side languages, for the preview's `lang`. */
type Target = { kind: "create"; courseId: number; languages: SideLanguages } | { kind: "edit"; deck: DeckDetail };

interface DeckEditorDialogProps {
  open: boolean;
  onClose(): void;
  target: Target;
}

export function DeckEditorDialog({ open, onClose, target }: DeckEditorDialogProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [dirty, setDirty] = useState(false);
  const key = user
    ? draftKey(user.id, target.kind === "create" ? target : { kind: "edit", deckId: target.deck.id })
    : null;
  // One object per key, so the editor's draft writer keeps its identity across renders.
  const store = useMemo<DraftStore | null>(() => {
    const storage = draftStorage();
    return key && storage ? { storage, key } : null;
  }, [key]);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        // Reached with unsaved changes only once the person chose to discard them: the draft goes too.
        if (dirty && store) clearDraft(store.storage, store.key);
        onClose();
      }}
      title={target.kind === "create" ? t("deck_form.create_title") : t("deck_form.edit_title")}
      wide
      unsavedChanges={open && dirty}
    >
      {open && <DeckEditor target={target} store={store} onDone={onClose} onDirtyChange={setDirty} />}
    </Dialog>
  );
}

interface DeckFormValues {
  name: string;
  description: string;
  cards: CardRow[];
}

const CARD_FIELD = /^cards\.(\d+)\.(question|answer)$/;

/** Lines pasted into card `index`'s question, with where the text was to go in it. */
interface SplitOffer {
  index: number;
  text: string;
  count: number;
  start: number;
  end: number;
}

/** What a draft keeps of the form: the rows' temporary keys are not worth storing. */
function draftOf(values: DeckFormValues, bulkDuration: number): Omit<DeckDraft, "savedAt"> {
  return {
    name: values.name,
    description: values.description,
    bulkDuration,
    cards: values.cards.map(({ savedId, question, answer, duration }) => ({
      ...(savedId === undefined ? {} : { savedId }),
      question,
      answer,
      duration,
    })),
  };
}

/** The bulk slider starts where every card already is, or at the create dialog's default. */
function commonDuration(cards: readonly { duration: number }[]): number {
  const first = cards[0]?.duration;
  return first !== undefined && cards.every((card) => card.duration === first) ? first : CARD_DURATION_DEFAULT_CREATE;
}

interface DeckEditorProps {
  target: Target;
  store: DraftStore | null;
  onDone(): void;
  onDirtyChange(dirty: boolean): void;
}

function DeckEditor({ target, store, onDone, onDirtyChange }: DeckEditorProps) {
  const { t, i18n } = useTranslation();
  const editing = target.kind === "edit" ? target.deck : undefined;
  const createDeck = useCreateDeck();
  const updateDeck = useUpdateDeck();
  const initial = useMemo<DeckFormValues>(
    () => ({
      name: editing?.name ?? "",
      description: editing?.description ?? "",
      cards: editing
        ? rowsFromCards(editing.flashcards)
        : Array.from({ length: DECK_MIN_CARDS }, () => newRow(CARD_DURATION_DEFAULT_CREATE)),
    }),
    [editing],
  );
  const initialBulk = editing ? commonDuration(editing.flashcards) : CARD_DURATION_DEFAULT_CREATE;
  const [bulkDuration, setBulkDuration] = useState(initialBulk);
  // In the edit dialog a new card gets 5 s (spec section 9) until the bulk slider is moved.
  const [bulkMoved, setBulkMoved] = useState(false);
  const [pasted, setPasted] = useState("");
  const { form, formRef, fieldError, alert, showIssues, showText, onSubmit } = useSchemaForm<DeckFormValues>(
    deckCreateInput,
    {
      defaultValues: initial,
      isField: (name) => name === "name" || name === "description" || CARD_FIELD.test(name),
    },
  );
  const { fields, append, remove, replace } = useFieldArray({ control: form.control, name: "cards" });
  const busy = createDeck.isPending || updateDeck.isPending;

  // A draft from before (a reload, a closed tab) is offered back, unless it is what the editor shows anyway.
  const initialDraft = JSON.stringify(draftOf(initial, initialBulk));
  const [offer, setOffer] = useState<DeckDraft | null>(() => {
    const draft = store ? readDraft(store.storage, store.key) : null;
    if (!draft) return null;
    const { savedAt: _, ...content } = draft;
    return JSON.stringify(content) === initialDraft ? null : draft;
  });

  const { isDirty } = form.formState;
  const unsaved = isDirty || pasted.trim() !== "";
  useEffect(() => onDirtyChange(unsaved), [unsaved, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  // Every change is written to the draft (while no earlier draft waits for an answer, so it is not
  // overwritten before the person decides); back to what was saved, there is no draft to keep.
  const persist = useCallback(
    (values: DeckFormValues, bulk: number) => {
      if (!store || offer) return;
      const content = draftOf(values, bulk);
      if (JSON.stringify(content) === initialDraft) clearDraft(store.storage, store.key);
      else writeDraft(store.storage, store.key, { savedAt: new Date().toISOString(), ...content });
    },
    [store, offer, initialDraft],
  );
  useEffect(() => {
    const subscription = form.watch((values) => persist(values as DeckFormValues, bulkDuration));
    return () => subscription.unsubscribe();
  }, [form, persist, bulkDuration]);

  const restoreDraft = (draft: DeckDraft) => {
    const savedIds = new Set(editing?.flashcards.map((card) => card.id));
    // Against the saved deck as defaults, so the restored text counts as unsaved.
    form.reset(
      { name: draft.name, description: draft.description, cards: rowsFromDraft(draft, savedIds) },
      { keepDefaultValues: true },
    );
    setBulkDuration(draft.bulkDuration);
    setOffer(null);
  };

  const discardDraft = () => {
    if (store) clearDraft(store.storage, store.key);
    setOffer(null);
  };

  const newCardDuration = editing && !bulkMoved ? CARD_DURATION_DEFAULT_NEW_IN_EDITOR : bulkDuration;

  /** Cards from "question<TAB>answer" lines (the paste-many box, or lines pasted into a question). */
  const addCards = (text: string) => {
    const parsed = parsePastedCards(text);
    if (parsed.length === 0) return showText(t("deck_form.paste_nothing"));
    // Pasted cards fill the empty rows first, then come after the rest, as many as the deck holds.
    const filled = form
      .getValues("cards")
      .filter((row) => row.question.trim() || row.answer.trim() || row.savedId !== undefined);
    const { added, leftOut } = fitPastedCards(filled.length, parsed, DECK_MAX_CARDS);
    replace([...filled, ...added.map((card) => newRow(newCardDuration, card.question, card.answer))]);
    // What did not fit stays in the box, so nothing pasted is lost without a word.
    setPasted(leftOut.map((card) => `${card.question}\t${card.answer}`).join("\n"));
    showText(leftOut.length > 0 ? t("rough.paste_left_out", { count: leftOut.length, max: DECK_MAX_CARDS }) : null);
    // The first new card takes the focus, where the person goes on.
    if (added.length > 0) requestAnimationFrame(() => form.setFocus(`cards.${filled.length}.question`));
  };
  const addPasted = () => addCards(pasted);

  // Several "question<TAB>answer" lines pasted into a question: offered as cards, or kept as text.
  const [splitOffer, setSplitOffer] = useState<SplitOffer | null>(null);
  const offerSplit = (index: number, event: ClipboardEvent<HTMLTextAreaElement>) => {
    const text = event.clipboardData.getData("text/plain");
    const count = parsePastedCards(text).length;
    if (count < 2) return;
    event.preventDefault();
    const { selectionStart: start, selectionEnd: end } = event.currentTarget;
    setSplitOffer({ index, text, count, start, end });
  };
  const splitPasted = (offer: SplitOffer) => {
    setSplitOffer(null);
    addCards(offer.text);
  };
  const keepPasted = (offer: SplitOffer) => {
    setSplitOffer(null);
    const name = `cards.${offer.index}.question` as const;
    const value = form.getValues(name);
    form.setValue(name, value.slice(0, offer.start) + offer.text + value.slice(offer.end), { shouldDirty: true });
    form.setFocus(name);
  };
  const full = fields.length >= DECK_MAX_CARDS;
  const fullId = useId();

  const setEveryDuration = (seconds: number) => {
    setBulkDuration(seconds);
    setBulkMoved(true);
    form.getValues("cards").forEach((_, index) => {
      form.setValue(`cards.${index}.duration`, seconds, { shouldDirty: true });
    });
    persist(form.getValues(), seconds);
  };

  const submit = onSubmit(async (values) => {
    // The schema has accepted the values as typed; it trims them for sending.
    const checked = deckCreateInput.parse(values);
    const changes = editing ? deckChanges(editing.flashcards, values.cards) : undefined;
    try {
      if (target.kind === "edit" && changes) {
        await updateDeck.mutateAsync({
          deck: target.deck,
          input: { name: checked.name, description: checked.description, ...changes },
        });
        notify.success(t("deck_form.changes_saved"));
      } else if (target.kind === "create") {
        await createDeck.mutateAsync({ courseId: target.courseId, input: checked });
        notify.success(t("deck_form.deck_made_successfully"));
      }
      if (store) clearDraft(store.storage, store.key);
      onDirtyChange(false);
      onDone();
    } catch (failure) {
      console.error(failure);
      if (failure instanceof ApiError && failure.issues.length) {
        // An edit sends changed and added cards as lists of their own: their paths name rows.
        showIssues(failure.issues, changes ? deckEditIssuePath(values.cards, changes) : samePath);
      } else if (failure instanceof ApiError && failure.code === "unauthenticated") {
        notify.error(t("validation.login_to_make_deck"));
      } else {
        notify.error(editing ? t("validation.failed_to_save_deck") : t("validation.make_deck_failed"));
      }
    }
  });

  const draftTime = offer
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
        new Date(offer.savedAt),
      )
    : "";

  return (
    <form ref={formRef} className={formStyles.form} onSubmit={submit} noValidate>
      {offer && (
        <div className={`${styles.box} ${styles.draft}`}>
          <p className={styles.draftText}>{t("forms.draft_found", { time: draftTime })}</p>
          <div className={formStyles.actions}>
            <Button size="small" onClick={() => restoreDraft(offer)}>
              {t("forms.draft_restore")}
            </Button>
            <Button size="small" variant="secondary" onClick={discardDraft}>
              {t("forms.draft_discard")}
            </Button>
          </div>
        </div>
      )}
      <TextField label={t("deck_form.name")} {...form.register("name")} error={fieldError("name")} required />
      <TextAreaField
        label={t("deck_form.description")}
        {...form.register("description")}
        error={fieldError("description")}
        rows={2}
        required
      />
      <fieldset className={styles.box}>
        <legend>{t("deck_form.default_duration")}</legend>
        <p className={formStyles.hint}>{t("deck_form.default_duration_hint")}</p>
        <DurationSlider
          label={t("deck_form.default_duration")}
          seconds={bulkDuration}
          showMarks
          onChange={setEveryDuration}
        />
      </fieldset>
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

      <h3 className={styles.cardsHeading}>{t("deck_form.cards", { count: fields.length, max: DECK_MAX_CARDS })}</h3>
      <ol className={styles.cards}>
        {fields.map((field, index) => (
          <li key={field.id} className={styles.card}>
            <div className={styles.cardHeader}>
              <span className={styles.cardNumber}>{t("deck_form.card_number", { number: index + 1 })}</span>
              <Button
                variant="link"
                onClick={() => remove(index)}
                aria-label={t("deck_form.remove_card_number", { number: index + 1 })}
              >
                {t("deck_form.remove_card")}
              </Button>
            </div>
            <div className={styles.cardFields}>
              <TextAreaField
                label={t("deck_form.question_number", { number: index + 1 })}
                {...form.register(`cards.${index}.question`)}
                error={fieldError(`cards.${index}.question`)}
                onPaste={(event) => offerSplit(index, event)}
                rows={2}
              />
              <TextAreaField
                label={t("deck_form.answer_number", { number: index + 1 })}
                {...form.register(`cards.${index}.answer`)}
                error={fieldError(`cards.${index}.answer`)}
                rows={2}
              />
            </div>
            <AddReadingsButton
              form={form}
              number={index + 1}
              names={[`cards.${index}.question`, `cards.${index}.answer`]}
            />
            {splitOffer?.index === index && (
              <div className={styles.box}>
                <p className={styles.draftText}>{t("deck_form.split_offer", { count: splitOffer.count })}</p>
                <div className={formStyles.actions}>
                  <Button size="small" autoFocus onClick={() => splitPasted(splitOffer)}>
                    {t("deck_form.split_confirm", { count: splitOffer.count })}
                  </Button>
                  <Button size="small" variant="secondary" onClick={() => keepPasted(splitOffer)}>
                    {t("deck_form.split_keep")}
                  </Button>
                </div>
              </div>
            )}
            <CardPreview
              control={form.control}
              index={index}
              languages={target.kind === "create" ? target.languages : target.deck}
            />
            <Controller
              control={form.control}
              name={`cards.${index}.duration`}
              render={({ field: duration }) => (
                <DurationSlider
                  label={t("deck_form.duration_number", { number: index + 1 })}
                  seconds={duration.value}
                  onChange={duration.onChange}
                />
              )}
            />
          </li>
        ))}
      </ol>
      <div className={styles.addCard}>
        <Button
          variant="secondary"
          onClick={() => append(newRow(newCardDuration))}
          disabled={full}
          aria-describedby={full ? fullId : undefined}
        >
          {t("deck_form.add_card")}
        </Button>
        {full && (
          <p id={fullId} className={formStyles.hint}>
            {t("rough.deck_full", { max: DECK_MAX_CARDS })}
          </p>
        )}
      </div>
      {/* Sticky, so the message and the button stay in view however long the deck is. */}
      <div className={styles.footer}>
        <FormAlert message={alert} />
        <Button type="submit" disabled={busy}>
          {editing ? t("deck_form.save") : t("deck_form.create")}
        </Button>
      </div>
    </form>
  );
}
