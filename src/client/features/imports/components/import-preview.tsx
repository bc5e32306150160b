import type { ImportPlan } from "@shared/transfer/plan";
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
  "shortened",
];

interface ImportPreviewProps {
  plan: ImportPlan;
  losses: ImportLosses;
  unsplit: number;
  mediaFiles: number;
  tags: string[];
  droppedTags: number;
  pooledName: string;
}

/** Decks and card counts, each deck's first cards, and every loss with its count. */
export function ImportPreview({
  plan,
  losses,
  unsplit,
  mediaFiles,
  tags,
  droppedTags,
  pooledName,
}: ImportPreviewProps) {
  const { t } = useTranslation();
  const names = (list: { name: string }[]) =>
    list.map((d) => t("imports.quoted", { name: d.name })).join(t("imports.list_separator"));
  const lossLines = [
    ...LOSS_KEYS.map((key) => ({
      key: `loss_${key}`,
      count: losses[key] + (key === "shortened" ? plan.shortened : 0),
    })),
    { key: "loss_media_files", count: mediaFiles },
    { key: "loss_unsplit", count: unsplit },
    { key: "loss_tags", count: droppedTags },
  ].filter((line) => line.count > 0);
  const split = plan.decks.some((deck) => deck.part);

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
        <li>{t("imports.durations_note")}</li>
        {tags.length > 0 && <li>{t("imports.tags_note", { tags: tags.join(t("imports.list_separator")) })}</li>}
      </ul>

      <h3 className={styles.subTitle}>{t("imports.losses_title")}</h3>
      {lossLines.length === 0 ? (
        <p>{t("imports.losses_none")}</p>
      ) : (
        <ul className={styles.losses} aria-label={t("imports.losses_title")}>
          {lossLines.map((line) => (
            <li key={line.key}>{t(`imports.${line.key}`, { count: line.count })}</li>
          ))}
        </ul>
      )}

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
                    <td>{card.question}</td>
                    <td>{card.answer}</td>
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
