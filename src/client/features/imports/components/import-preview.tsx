import { CardText } from "@client/components/card-text";
import formStyles from "@client/components/form.module.css";
import { IMPORT_MAX_DECKS, type ImportPlan } from "@shared/transfer/plan";
import type { QuizletSkipped } from "@shared/transfer/quizlet";
import type { ImportLosses } from "@shared/transfer/types";
import { useTranslation } from "react-i18next";
import styles from "../routes/import-page.module.css";

const SHOWN_CARDS = 3;
const LOSS_KEYS: (keyof ImportLosses)[] = [
  "media",
  "formatting",
  "extraFields",
  "scheduling",
  "otherTemplates",
  "emptyCards",
  "clozesBeyondLimit",
  "shortened",
  "removedCharacters",
];
/** The losses that explain why a source gave no card at all (or too few). */
const WHY_NO_CARDS = new Set([
  "imports.loss_emptyCards",
  "imports.loss_unsplit",
  "import_checks.loss_no_question",
  "import_checks.loss_no_answer",
]);

interface ImportPreviewProps {
  plan: ImportPlan;
  losses: ImportLosses;
  skippedLines: QuizletSkipped;
  separatorInAnswer: number;
  mediaFiles: number;
  tags: string[];
  droppedTags: number;
  pooledName: string;
  /** Id of the sentence saying why nothing can be imported (the Import button refers to it). */
  reasonId: string;
}

/**
 * Decks and card counts, each deck's first cards, and every loss with its count; or, when no deck
 * can be made (fewer than 4 cards in all), that nothing can be imported and why.
 */
export function ImportPreview({
  plan,
  losses,
  skippedLines,
  separatorInAnswer,
  mediaFiles,
  tags,
  droppedTags,
  pooledName,
  reasonId,
}: ImportPreviewProps) {
  const { t } = useTranslation();
  const names = (list: { name: string }[]) =>
    list.map((d) => t("imports.quoted", { name: d.name })).join(t("imports.list_separator"));
  const cardsIn = (list: { cards: number }[]) => list.reduce((sum, deck) => sum + deck.cards, 0);
  const nothing = plan.decks.length === 0;
  const found = cardsIn(plan.skipped);
  const lossLines = [
    ...LOSS_KEYS.map((key) => ({
      key: `imports.loss_${key}`,
      count: losses[key] + (key === "shortened" ? plan.shortened : 0),
    })),
    { key: "imports.loss_media_files", count: mediaFiles },
    { key: "imports.loss_unsplit", count: skippedLines.noSeparator },
    { key: "import_checks.loss_no_question", count: skippedLines.noQuestion },
    { key: "import_checks.loss_no_answer", count: skippedLines.noAnswer },
    // Cards of decks left out are lost too: "nothing is lost" must never stand beside them.
    { key: "import_checks.loss_skipped_cards", count: nothing ? 0 : cardsIn(plan.skipped) },
    { key: "import_checks.loss_over_limit_cards", count: cardsIn(plan.overLimit), max: IMPORT_MAX_DECKS },
    { key: "imports.loss_tags", count: droppedTags },
  ]
    // With nothing to import, only the reasons cards were not found are worth reading.
    .filter((line) => !nothing || WHY_NO_CARDS.has(line.key))
    .filter((line) => line.count > 0);
  const split = plan.decks.some((deck) => deck.part);
  const durationsNote =
    plan.keptDurations === 0
      ? t("imports.durations_note")
      : plan.keptDurations === plan.cardCount
        ? t("import_checks.durations_kept_all")
        : t("import_checks.durations_kept_some", { count: plan.keptDurations });
  const lossList = (
    <ul className={styles.losses} aria-label={t("imports.losses_title")}>
      {lossLines.map(({ key, ...params }) => (
        <li key={key}>{t(key, params)}</li>
      ))}
    </ul>
  );

  if (nothing) {
    return (
      <section aria-labelledby="import-preview-title" className={styles.preview}>
        <h2 id="import-preview-title" className={styles.sectionTitle}>
          {t("imports.preview_title")}
        </h2>
        <p id={reasonId} className={formStyles.alert} role="alert">
          {found === 0 ? t("imports.errors.no_cards") : t("import_checks.too_few_cards", { count: found })}
        </p>
        {lossLines.length > 0 && (
          <>
            <h3 className={styles.subTitle}>{t("imports.losses_title")}</h3>
            {lossList}
          </>
        )}
      </section>
    );
  }

  return (
    <section aria-labelledby="import-preview-title" className={styles.preview}>
      <h2 id="import-preview-title" className={styles.sectionTitle}>
        {t("imports.preview_title")}
      </h2>
      <p className={styles.summary}>
        {t("imports.summary", {
          decks: t("imports.deck_count", { count: plan.decks.length }),
          cards: t("imports.card_count", { count: plan.cardCount }),
        })}
      </p>
      <ul className={styles.notes}>
        {split && <li>{t("imports.split_note")}</li>}
        {plan.merged.length > 0 && (
          <li>
            {t("imports.merged_note", { count: plan.merged.length, pooled: pooledName, names: names(plan.merged) })}
          </li>
        )}
        {plan.skipped.length > 0 && (
          <li>{t("imports.skipped_note", { count: plan.skipped.length, names: names(plan.skipped) })}</li>
        )}
        {plan.overLimit.length > 0 && (
          <li>{t("imports.over_limit_note", { max: plan.decks.length, names: names(plan.overLimit) })}</li>
        )}
        {separatorInAnswer > 0 && <li>{t("import_checks.separator_in_answer", { count: separatorInAnswer })}</li>}
        <li>{durationsNote}</li>
        {tags.length > 0 && <li>{t("imports.tags_note", { tags: tags.join(t("imports.list_separator")) })}</li>}
      </ul>

      <h3 className={styles.subTitle}>{t("imports.losses_title")}</h3>
      {lossLines.length === 0 ? <p>{t("imports.losses_none")}</p> : lossList}

      <ol className={styles.deckList} aria-label={t("imports.preview_title")}>
        {plan.decks.map((deck, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: decks may share a name; their order is their identity
          <li key={i} className={styles.deck}>
            <h3 className={styles.deckName}>
              {deck.name}{" "}
              <span className={styles.count}>({t("imports.card_count", { count: deck.cards.length })})</span>
            </h3>
            <table className={styles.cards}>
              <caption className="visually-hidden">{t("imports.first_cards", { name: deck.name })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("imports.question")}</th>
                  <th scope="col">{t("imports.answer")}</th>
                </tr>
              </thead>
              <tbody>
                {deck.cards.slice(0, SHOWN_CARDS).map((card, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a preview row, never reordered
                  <tr key={j}>
                    {/* Readings as the cards will show them; the sides' languages are the course's, not known yet. */}
                    <td>
                      <CardText text={card.question} side="question" />
                    </td>
                    <td>
                      <CardText text={card.answer} side="answer" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {deck.cards.length > SHOWN_CARDS && (
              <p className={styles.more}>{t("imports.more_cards", { count: deck.cards.length - SHOWN_CARDS })}</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
