import { CardText } from "@client/components/card-text";
import { Link } from "@client/components/link";
import { Loading } from "@client/components/loading";
import { useLocalePath } from "@client/lib/use-language";
import { LEECH_LAPSES } from "@shared/memory/limits";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { useLeeches } from "../api/get-leeches";
import { leechesSummary } from "../lib/texts";
import styles from "./hard-cards.module.css";
import { LoadProblem } from "./load-problem";

interface LeechListProps {
  /** One course's leeches; every course's when not given. */
  courseId?: number;
  /** The heading's level where the list is placed (a page's section: 2; under a screen's own h2: 3). */
  level?: 2 | 3;
}

/**
 * The learner's leeches (decision 0045): the cards they have forgotten LEECH_LAPSES times or more,
 * the most forgotten first, each with its answer, how often it was forgotten, and its course and
 * deck (a link to the deck's page). At most LEECHES_SHOWN, and the total beside them.
 */
export function LeechList({ courseId, level = 2 }: LeechListProps) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const id = useId();
  const { data, error, refetch, isRefetching } = useLeeches(courseId);
  const Heading = level === 2 ? "h2" : "h3";

  let body: ReactNode;
  // What was loaded stays shown when a later refresh fails (offline, say).
  if (data) {
    const summary = leechesSummary(data);
    body = (
      <>
        <p className={styles.summary}>{t(summary.key, summary.values)}</p>
        {data.cards.length > 0 && (
          <ol className={styles.leeches} aria-labelledby={`${id}-title`}>
            {data.cards.map((card) => (
              <li key={card.cardId} className={styles.leech}>
                <CardText
                  as="p"
                  text={card.question}
                  side="question"
                  lang={card.questionLanguage}
                  className={styles.question}
                />
                <p className={styles.answer}>
                  <span className="visually-hidden">{t("hard_cards.answer")} </span>
                  <CardText text={card.answer} side="answer" lang={card.answerLanguage} />
                </p>
                <p className={styles.meta}>
                  <span className={styles.lapses}>{t("hard_cards.forgotten", { count: card.lapses })}</span>
                  <span className={styles.place}>
                    {card.courseName}
                    {" · "}
                    <Link to={localePath(`/courses/${card.courseId}/decks/${card.deckId}`)}>{card.deckName}</Link>
                  </span>
                </p>
              </li>
            ))}
          </ol>
        )}
      </>
    );
  } else if (error) {
    body = (
      <LoadProblem
        error={error}
        message={t("hard_cards.leeches_failed")}
        retry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  } else body = <Loading label={t("hard_cards.leeches_loading")} />;

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className={styles.title}>
        {t("hard_cards.leeches_title")}
      </Heading>
      <p className={styles.about}>{t("hard_cards.leeches_about", { lapses: LEECH_LAPSES })}</p>
      {body}
    </section>
  );
}
