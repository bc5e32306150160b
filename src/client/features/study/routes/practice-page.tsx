/**
 * Practice (issue #23 item 4): a deck's cards (…/decks/:deckId/practice, among the study modes) or
 * a whole course's (…/courses/:courseId/practice), studied in a shuffled round that writes
 * nothing to the schedule.
 */
import { Link } from "@client/components/link";
import { LoadFailed } from "@client/components/load-failed";
import { Loading } from "@client/components/loading";
import { Page } from "@client/components/page";
import { ApiError } from "@client/lib/api";
import { useLocalePath } from "@client/lib/use-language";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useCourseCards } from "../api/get-course-cards";
import practice from "../components/practice.module.css";
import { PracticeSession } from "../components/practice-session";
import styles from "../components/study.module.css";
import { StudyFrame } from "../components/study-frame";

export function DeckPracticePage() {
  const { t } = useTranslation();
  const { courseId = "", deckId = "" } = useParams();
  const localePath = useLocalePath();
  return (
    <StudyFrame mode={t("practice.title")} cardDisplay={false}>
      {(deck) => (
        <PracticeSession
          cards={deck.flashcards}
          languages={deck}
          back={{ to: localePath(`/courses/${courseId}/decks/${deckId}/study`), label: t("study.back_to_modes") }}
        />
      )}
    </StudyFrame>
  );
}

export function CoursePracticePage() {
  const { t } = useTranslation();
  const { courseId = "" } = useParams();
  const localePath = useLocalePath();
  const { data, error, isPending, refetch } = useCourseCards(courseId);
  const mode = t("practice.title");
  const coursePath = localePath(`/courses/${courseId}`);
  const back = (
    <Link to={coursePath} className={styles.back}>
      ← {t("deck.back_to_course")}
    </Link>
  );

  if (error) {
    const missing = error instanceof ApiError && ["not_found", "invalid_request"].includes(error.code);
    return (
      <Page title={mode} before={back}>
        {missing ? (
          <p role="alert">{t("course.not_found")}</p>
        ) : (
          <LoadFailed error={error} retry={() => void refetch()} message={t("course.load_failed")} />
        )}
      </Page>
    );
  }
  return (
    <Page title={data ? t("study.mode_title", { mode, deck: data.courseName }) : mode} before={back}>
      {isPending ? (
        <Loading label={t("course.loading")} />
      ) : (
        <PracticeSession
          cards={data.cards}
          languages={data}
          intro={
            data.total > data.cards.length && (
              <p className={practice.intro}>{t("practice.sampled", { count: data.cards.length, total: data.total })}</p>
            )
          }
          back={{ to: coursePath, label: t("deck.back_to_course") }}
        />
      )}
    </Page>
  );
}
