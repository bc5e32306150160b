import { CardText } from "@client/components/card-text";
import { Loading } from "@client/components/loading";
import { useLanguage } from "@client/lib/use-language";
import type { SideLanguages } from "@shared/card-languages";
import { type ReactNode, useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useDeckHardCards } from "../api/get-deck-hard-cards";
import { hardCardsNotes } from "../lib/texts";
import styles from "./hard-cards.module.css";
import { LoadProblem } from "./load-problem";

/**
 * For a course's author, on a deck's page: the deck's cards its learners forget most often (share
 * of learners who forgot each after learning it), none of them named, among the cards enough
 * learners have answered (AUTHOR_STATS_MIN_LEARNERS; decision 0045).
 */
export function DeckHardCards({ deckId, languages }: { deckId: number; languages: Partial<SideLanguages> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const { data, error, refetch, isRefetching } = useDeckHardCards(deckId);
  const percent = useMemo(() => new Intl.NumberFormat(language, { style: "percent" }), [language]);

  let body: ReactNode;
  // What was loaded stays shown when a later refresh fails (offline, say).
  if (data) {
    body = (
      <>
        {data.cards.length > 0 && (
          <div className={styles.tableBox}>
            <table className={styles.table}>
              <caption className="visually-hidden">{t("hard_cards.author_title")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("hard_cards.col_card")}</th>
                  <th scope="col">{t("hard_cards.col_forgot")}</th>
                  <th scope="col">{t("hard_cards.col_lapses")}</th>
                </tr>
              </thead>
              <tbody>
                {data.cards.map((card) => (
                  <tr key={card.cardId}>
                    <th scope="row">
                      <CardText
                        text={card.question}
                        side="question"
                        lang={languages.questionLanguage}
                        className={styles.question}
                      />
                      <span className={styles.answer}>
                        <span className="visually-hidden">{t("hard_cards.answer")} </span>
                        <CardText text={card.answer} side="answer" lang={languages.answerLanguage} />
                      </span>
                    </th>
                    <td>
                      <span className={styles.share}>{percent.format(card.share)}</span>{" "}
                      <span className={styles.count}>
                        {t("hard_cards.forgot_count", { forgot: card.forgotBy, learners: card.learners })}
                      </span>
                    </td>
                    <td>{card.lapses}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {hardCardsNotes(data).map((note) => (
          // Without a table, the note is the section's message; under one, a footnote.
          <p key={note.key} className={data.cards.length === 0 ? styles.summary : styles.note}>
            {t(note.key, note.values)}
          </p>
        ))}
      </>
    );
  } else if (error) {
    body = (
      <LoadProblem
        error={error}
        message={t("hard_cards.author_failed")}
        retry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  } else body = <Loading label={t("hard_cards.author_loading")} />;

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t("hard_cards.author_title")}
      </h2>
      <p className={styles.about}>{t("hard_cards.author_about")}</p>
      {body}
    </section>
  );
}
