import { Button } from "@client/components/button";
import formStyles from "@client/components/form.module.css";
import { FormAlert } from "@client/components/form-alert";
import { interfaceCardLanguage, LanguageOptions } from "@client/components/language-options";
import { Loading } from "@client/components/loading";
import { Page } from "@client/components/page";
import { SignUpInvitation } from "@client/components/sign-up-invitation";
import { SelectField, TextAreaField, TextField } from "@client/components/text-field";
import { useSession } from "@client/core/session/session";
import { useMyCourseList } from "@client/features/courses/api/get-my-course-list";
import { ApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { useLocalePath } from "@client/lib/use-language";
import type { CardLanguage } from "@shared/card-languages";
import { courseRoomIssue } from "@shared/course-room";
import { randomId } from "@shared/ids/random-id";
import { defaultFieldChoices, type FieldChoices, usedNoteTypes } from "@shared/transfer/anki-convert";
import { type ColumnChoice, defaultColumns, textColumns } from "@shared/transfer/csv";
import { courseTags, type ImportPlan, planImport } from "@shared/transfer/plan";
import {
  type CardSeparator,
  detectSeparators,
  type QuizletSeparators,
  type TermSeparator,
} from "@shared/transfer/quizlet";
import { ImportFileError, MAX_UNPACKED_BYTES } from "@shared/transfer/types";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { useRunImport } from "../api/run-import";
import { ImportPreview } from "../components/import-preview";
import { type ReadFile, readImportFile } from "../lib/read-file";
import { baseName, sourceResult } from "../lib/source";
import styles from "./import-page.module.css";

type FileState =
  | { kind: "none" }
  | { kind: "reading"; fraction: number }
  | { kind: "failed"; code: string }
  | { kind: "read"; name: string; content: ReadFile };

type Target = "new" | "existing";

/** Quizlet text, CSV/TSV and Anki packages → preview → one import request (decision 0027). */
export function ImportPage() {
  const { t } = useTranslation();
  const { user, initialised } = useSession();
  const title = t("imports.title");
  return (
    <Page title={title}>
      {!initialised ? (
        <Loading />
      ) : !user ? (
        <SignUpInvitation text={t("imports.sign_in_required")} action={t("imports.sign_up")} />
      ) : (
        <ImportForm />
      )}
    </Page>
  );
}

function ImportForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  const preselected = Number(params.get("course")) || null;
  const ids = { source: useId(), file: useId(), target: useId(), reason: useId(), room: useId() };

  const [mode, setMode] = useState<"paste" | "file">("paste");
  const [text, setText] = useState("");
  const [termOverride, setTermOverride] = useState<TermSeparator["kind"] | null>(null);
  const [cardOverride, setCardOverride] = useState<CardSeparator["kind"] | null>(null);
  const [customTerm, setCustomTerm] = useState("");
  const [customCard, setCustomCard] = useState("");
  const [file, setFile] = useState<FileState>({ kind: "none" });
  const [columns, setColumns] = useState<ColumnChoice | null>(null);
  const [fields, setFields] = useState<FieldChoices>({});
  const [target, setTarget] = useState<Target>(preselected ? "existing" : "new");
  const [courseName, setCourseName] = useState("");
  const [description, setDescription] = useState("");
  const [languages, setLanguages] = useState(() => {
    const language = interfaceCardLanguage(i18n.language);
    return { questionLanguage: language, answerLanguage: language };
  });
  const [courseId, setCourseId] = useState<number | null>(preselected);
  const [error, setError] = useState<string | null>(null);
  const runImport = useRunImport();

  const ownCourses = useMyCourseList("courses", "name", true);
  useEffect(() => {
    if (ownCourses.hasNextPage && !ownCourses.isFetchingNextPage) void ownCourses.fetchNextPage();
  }, [ownCourses]);
  const myCourses = ownCourses.data?.pages.flatMap((page) => page.items) ?? [];

  const detected = useMemo(() => detectSeparators(text), [text]);
  const termKind = termOverride ?? detected.term.kind;
  const cardKind = cardOverride ?? detected.card.kind;
  const fileName = file.kind === "read" ? baseName(file.name) : "";
  const ankiResult = useMemo(
    () =>
      file.kind === "read" && file.content.kind === "anki"
        ? sourceResult({ kind: "anki", collection: file.content.collection, fields })
        : null,
    [file, fields],
  );
  const fallbackName = (mode === "file" && ankiResult?.parent) || fileName || t("imports.default_course_name");

  // A pasted or tabular deck is named after the course being made; an Anki deck keeps its own name.
  const deckName = (target === "new" && courseName.trim()) || fallbackName;
  const textResult = useMemo(() => {
    if (mode === "paste") {
      if (!text.trim()) return null;
      const separators: QuizletSeparators = {
        term: termKind === "custom" ? { kind: "custom", value: customTerm } : { kind: termKind },
        card: cardKind === "custom" ? { kind: "custom", value: customCard } : { kind: cardKind },
      };
      return sourceResult({ kind: "paste", text, separators, deckName });
    }
    if (file.kind !== "read" || file.content.kind !== "table") return null;
    const { table } = file.content;
    return sourceResult({ kind: "table", table, columns: columns ?? defaultColumns(table), deckName });
  }, [mode, text, termKind, cardKind, customTerm, customCard, file, columns, deckName]);
  const result = mode === "file" && ankiResult ? ankiResult : textResult;
  const pooledName = t("imports.pooled_name");
  const plan = useMemo(
    () =>
      result &&
      planImport(result.decks, {
        part: (name, index) => t("imports.part_name", { name, index }),
        pooled: pooledName,
        description: (from) => t("imports.deck_description", { source: from }),
      }),
    [result, t, pooledName],
  );
  const tags = useMemo(() => courseTags(result?.tags ?? []), [result]);
  // One id per import as previewed: pressing Import again after a failed reply resends the same one.
  const sent = useRef<{ plan: ImportPlan; target: string; id: string } | null>(null);

  const chooseFile = async (chosen: File | undefined) => {
    setError(null);
    setColumns(null);
    if (!chosen) return setFile({ kind: "none" });
    setFile({ kind: "reading", fraction: 0 });
    try {
      const content = await readImportFile(chosen, (fraction) => setFile({ kind: "reading", fraction }));
      if (content.kind === "anki") setFields(defaultFieldChoices(content.collection));
      setFile({ kind: "read", name: chosen.name, content });
    } catch (failure) {
      // A refused file is an expected answer, shown on the page; anything else is a bug worth logging.
      if (!(failure instanceof ImportFileError)) console.error(failure);
      setFile({ kind: "failed", code: failure instanceof ImportFileError ? failure.code : "read_failed" });
    }
  };

  const submit = async () => {
    setError(null);
    if (!plan || plan.decks.length === 0) return setError(t("imports.nothing_to_import"));
    const name = courseName.trim() || fallbackName;
    const targetKey = JSON.stringify([target, courseId, name, description, languages]);
    if (sent.current?.plan !== plan || sent.current.target !== targetKey) {
      sent.current = { plan, target: targetKey, id: randomId() };
    }
    try {
      const reply = await runImport.mutateAsync({
        importId: sent.current.id,
        target:
          target === "existing" && courseId
            ? { kind: "existing", courseId }
            : { kind: "new", course: { name, description: description.trim(), tags: tags.tags, ...languages } },
        decks: plan.decks.map(({ name: deckName, description: deckDescription, cards }) => ({
          name: deckName,
          description: deckDescription,
          cards,
        })),
      });
      notify.success(t("imports.done"));
      navigate(localePath(`/courses/${reply.courseId}`));
    } catch (failure) {
      console.error(failure);
      // The server validated the whole import again: each distinct reason once, in the page's language.
      const reasons =
        failure instanceof ApiError ? [...new Set(failure.issues.map(({ key, params }) => t(key, params ?? {})))] : [];
      setError(
        reasons.length > 0
          ? t("imports.error_then", { error: t("imports.failed"), advice: reasons })
          : t("imports.failed"),
      );
    }
  };

  const noteTypes = file.kind === "read" && file.content.kind === "anki" ? usedNoteTypes(file.content.collection) : [];
  const table = file.kind === "read" && file.content.kind === "table" ? file.content.table : null;
  const encoding = file.kind === "read" && file.content.kind === "table" ? file.content.encoding : null;
  const columnLabel = (name: string | null, i: number) => name ?? t("imports.column_n", { n: i + 1 });
  const cardsReady = Boolean(plan && plan.decks.length > 0);
  // Said before sending: the chosen course cannot take this many decks or cards (decision 0037).
  const chosenCourse = target === "existing" ? myCourses.find((course) => course.id === courseId) : undefined;
  const roomIssue =
    chosenCourse && plan
      ? courseRoomIssue(
          { decks: chosenCourse.deckCount, cards: chosenCourse.cardCount },
          { decks: plan.decks.length, cards: plan.decks.reduce((sum, deck) => sum + deck.cards.length, 0) },
          "import",
        )
      : null;

  return (
    <div className={styles.layout}>
      <p className={styles.intro}>{t("imports.intro")}</p>

      <fieldset className={styles.group}>
        <legend className={formStyles.label}>{t("imports.source_label")}</legend>
        <div className={styles.choices}>
          {(["paste", "file"] as const).map((value) => (
            <label key={value} className={styles.choice}>
              <input
                type="radio"
                name={ids.source}
                value={value}
                checked={mode === value}
                onChange={() => {
                  setMode(value);
                  setError(null);
                }}
              />
              {t(value === "paste" ? "imports.source_paste" : "imports.source_file")}
            </label>
          ))}
        </div>
      </fieldset>

      {mode === "paste" ? (
        <div className={styles.group}>
          <TextAreaField
            label={t("imports.paste_label")}
            hint={t("imports.paste_hint")}
            value={text}
            rows={8}
            onChange={(e) => setText(e.target.value)}
          />
          <div className={styles.row}>
            <SelectField
              label={t("imports.term_separator")}
              value={termKind}
              onChange={(e) => setTermOverride(e.target.value as TermSeparator["kind"])}
            >
              <option value="tab">{t("imports.sep_tab")}</option>
              <option value="comma">{t("imports.sep_comma")}</option>
              <option value="custom">{t("imports.sep_custom")}</option>
            </SelectField>
            {termOverride === "custom" && (
              <TextField
                label={t("imports.custom_term")}
                value={customTerm}
                onChange={(e) => setCustomTerm(e.target.value)}
              />
            )}
            <SelectField
              label={t("imports.card_separator")}
              value={cardKind}
              onChange={(e) => setCardOverride(e.target.value as CardSeparator["kind"])}
            >
              <option value="newline">{t("imports.sep_newline")}</option>
              <option value="semicolon">{t("imports.sep_semicolon")}</option>
              <option value="custom">{t("imports.sep_custom")}</option>
            </SelectField>
            {cardOverride === "custom" && (
              <TextField
                label={t("imports.custom_card")}
                value={customCard}
                onChange={(e) => setCustomCard(e.target.value)}
              />
            )}
          </div>
          {text.trim() && !termOverride && !cardOverride && (
            <p className={formStyles.hint}>
              {t("imports.detected", {
                term: t(`imports.sep_${detected.term.kind}`),
                card: t(`imports.sep_${detected.card.kind}`),
              })}
            </p>
          )}
        </div>
      ) : (
        <div className={styles.group}>
          <div className={formStyles.field}>
            <label htmlFor={ids.file} className={formStyles.label}>
              {t("imports.file_label")}
            </label>
            <input
              id={ids.file}
              type="file"
              className={styles.file}
              accept=".csv,.tsv,.txt,.tab,.apkg,.colpkg,text/csv,text/tab-separated-values,text/plain"
              aria-describedby={`${ids.file}-hint`}
              onChange={(e) => void chooseFile(e.target.files?.[0])}
              disabled={file.kind === "reading"}
            />
            <p id={`${ids.file}-hint`} className={formStyles.hint}>
              {t("imports.file_hint")}
            </p>
          </div>
          {file.kind === "reading" && (
            <div className={styles.progress}>
              <label htmlFor={`${ids.file}-progress`}>{t("imports.reading")}</label>
              <progress id={`${ids.file}-progress`} max={1} value={file.fraction} />
            </div>
          )}
          {file.kind === "failed" && (
            <p className={formStyles.alert} role="alert">
              {t("imports.error_then", {
                error: t(`imports.errors.${file.code}`, { megabytes: MAX_UNPACKED_BYTES / 1024 / 1024 }),
                advice: [t("imports.choose_again")],
              })}
            </p>
          )}
          {encoding && (
            <p className={formStyles.hint}>
              {t("import_checks.encoding_read", { encoding: t(`import_checks.encodings.${encoding}`) })}
            </p>
          )}
          {table && (
            <fieldset className={styles.group}>
              <legend className={formStyles.label}>{t("imports.columns_title")}</legend>
              <div className={styles.row}>
                {(["question", "answer"] as const).map((which) => (
                  <ColumnSelect
                    key={which}
                    label={t(which === "question" ? "imports.column_question" : "imports.column_answer")}
                    value={(columns ?? defaultColumns(table))[which]}
                    options={table.columns.map(columnLabel)}
                    only={textColumns(table)}
                    onChange={(value) => setColumns({ ...(columns ?? defaultColumns(table)), [which]: value })}
                  />
                ))}
              </div>
            </fieldset>
          )}
          {noteTypes.length > 0 && (
            <fieldset className={styles.group}>
              <legend className={formStyles.label}>{t("imports.fields_title")}</legend>
              <p className={formStyles.hint}>{t("imports.fields_hint")}</p>
              {noteTypes.map(({ type }) => {
                const choice = fields[type.id] ?? { question: 0, answer: null };
                return (
                  <div key={type.id} className={styles.row}>
                    <ColumnSelect
                      label={t("imports.field_question", { type: type.name })}
                      value={choice.question}
                      options={type.fields}
                      onChange={(value) => setFields({ ...fields, [type.id]: { ...choice, question: value } })}
                    />
                    {type.cloze ? (
                      <p className={formStyles.hint}>{t("imports.cloze_type", { type: type.name })}</p>
                    ) : (
                      <ColumnSelect
                        label={t("imports.field_answer", { type: type.name })}
                        value={choice.answer ?? -1}
                        options={type.fields}
                        allOthers={t("imports.all_other_fields")}
                        onChange={(value) =>
                          setFields({ ...fields, [type.id]: { ...choice, answer: value < 0 ? null : value } })
                        }
                      />
                    )}
                  </div>
                );
              })}
            </fieldset>
          )}
        </div>
      )}

      {result && plan && (
        <ImportPreview
          plan={plan}
          losses={result.losses}
          skippedLines={result.skippedLines}
          separatorInAnswer={result.separatorInAnswer}
          mediaFiles={result.mediaFiles}
          tags={target === "new" ? tags.tags : []}
          droppedTags={target === "new" ? tags.dropped : 0}
          pooledName={pooledName}
          reasonId={ids.reason}
        />
      )}

      {cardsReady && (
        <fieldset className={styles.group}>
          <legend className={formStyles.label}>{t("imports.target_label")}</legend>
          <div className={styles.choices}>
            {(["new", "existing"] as const).map((value) => (
              <label key={value} className={styles.choice}>
                <input
                  type="radio"
                  name={ids.target}
                  value={value}
                  checked={target === value}
                  disabled={value === "existing" && myCourses.length === 0}
                  onChange={() => setTarget(value)}
                />
                {t(value === "new" ? "imports.target_new" : "imports.target_existing")}
              </label>
            ))}
          </div>
          {target === "new" ? (
            <>
              <TextField
                label={t("imports.course_name")}
                value={courseName}
                placeholder={fallbackName}
                onChange={(e) => setCourseName(e.target.value)}
              />
              <TextAreaField
                label={t("imports.course_description")}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
              />
              <div className={formStyles.row}>
                <SelectField
                  label={t("course_form.question_language")}
                  value={languages.questionLanguage}
                  onChange={(e) => setLanguages({ ...languages, questionLanguage: e.target.value as CardLanguage })}
                >
                  <LanguageOptions />
                </SelectField>
                <SelectField
                  label={t("course_form.answer_language")}
                  value={languages.answerLanguage}
                  onChange={(e) => setLanguages({ ...languages, answerLanguage: e.target.value as CardLanguage })}
                >
                  <LanguageOptions />
                </SelectField>
              </div>
            </>
          ) : myCourses.length === 0 ? (
            <p>{t("imports.no_own_courses")}</p>
          ) : (
            <SelectField
              label={t("imports.existing_course")}
              value={courseId ?? ""}
              onChange={(e) => setCourseId(Number(e.target.value) || null)}
            >
              <option value="" disabled>
                —
              </option>
              {myCourses.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.name}
                </option>
              ))}
            </SelectField>
          )}
          {roomIssue && (
            <p id={ids.room} className={formStyles.fieldError}>
              {t(roomIssue.key, roomIssue.params)}
            </p>
          )}
        </fieldset>
      )}

      <FormAlert message={error} />
      {plan && (
        <div className={formStyles.actions}>
          {/* Shown but disabled when the preview says nothing can be imported, and refers to why. */}
          <Button
            onClick={() => void submit()}
            disabled={!cardsReady || runImport.isPending || (target === "existing" && !courseId) || Boolean(roomIssue)}
            aria-describedby={cardsReady ? (roomIssue ? ids.room : undefined) : ids.reason}
          >
            {runImport.isPending ? t("imports.importing") : t("imports.import_button")}
          </Button>
        </div>
      )}
    </div>
  );
}

interface ColumnSelectProps {
  label: string;
  value: number;
  options: string[];
  /** A first option meaning "every other column" (value -1). */
  allOthers?: string;
  /** The positions offered (a CSV's deck, GUID, tags and duration columns are not): all by default. */
  only?: number[];
  onChange: (value: number) => void;
}

function ColumnSelect({ label, value, options, allOthers, only, onChange }: ColumnSelectProps) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(Number(e.target.value))}>
      {allOthers && <option value={-1}>{allOthers}</option>}
      {(only ?? options.map((_, i) => i)).map((i) => (
        <option key={i} value={i}>
          {options[i]}
        </option>
      ))}
    </SelectField>
  );
}
