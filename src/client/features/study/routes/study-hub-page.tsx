import { buttonClass } from "@client/components/button";
import { Link } from "@client/components/link";
import { useTranslation } from "react-i18next";
import styles from "../components/study.module.css";
import { StudyFrame } from "../components/study-frame";

const MODES = ["flashcards", "multiple_choice", "tile_game", "matching"] as const;

export function StudyHubPage() {
  const { t } = useTranslation();
  return (
    <StudyFrame mode={t("pages.study")} backTo="deck">
      {() => (
        <>
          <ul className={styles.modes}>
            {MODES.map((mode) => (
              <li key={mode}>
                <Link to={`../${mode}`} relative="path" className={styles.mode}>
                  <span className={styles.modeName}>{t(`pages.${mode}`)}</span>
                  <span className={styles.modeText}>{t(`study.about_${mode}`)}</span>
                </Link>
              </li>
            ))}
            {/* Typed answers: recall, with kana input for Japanese (#24 item 1). */}
            <li>
              <Link to="../write" relative="path" className={styles.mode}>
                <span className={styles.modeName}>{t("write.title")}</span>
                <span className={styles.modeText}>{t("write.about")}</span>
              </Link>
            </li>
            {/* Any card, due or not, with nothing written to the schedule (#23 item 4). */}
            <li>
              <Link to="../practice" relative="path" className={styles.mode}>
                <span className={styles.modeName}>{t("practice.title")}</span>
                <span className={styles.modeText}>{t("practice.about")}</span>
              </Link>
            </li>
          </ul>
          <Link to="../test" relative="path" className={buttonClass()}>
            {t("study.take_test")}
          </Link>
        </>
      )}
    </StudyFrame>
  );
}
