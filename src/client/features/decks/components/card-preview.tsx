import { CardText } from "@client/components/card-text";
import { hasFurigana } from "@shared/furigana/furigana";
import { type Control, type Path, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import styles from "./card-preview.module.css";

type CardForm = { cards: { question: string; answer: string }[] };

interface CardPreviewProps<T extends CardForm> {
  control: Control<T>;
  index: number;
  languages?: { questionLanguage?: string; answerLanguage?: string } | undefined;
}

/**
 * The card as learners will see it, under its fields in the deck editor, once a side holds readings
 * (`漢字[かんじ]`): the author sees whether each reading sits over the right characters.
 */
export function CardPreview<T extends CardForm>({ control, index, languages }: CardPreviewProps<T>) {
  const { t } = useTranslation();
  const [question = "", answer = ""] = useWatch({
    control,
    name: [`cards.${index}.question` as Path<T>, `cards.${index}.answer` as Path<T>],
  }) as [string | undefined, string | undefined];
  if (!hasFurigana(question) && !hasFurigana(answer)) return null;
  return (
    <div className={styles.preview}>
      <span className={styles.label}>{t("card_text.preview")}</span>
      <CardText text={question} side="question" lang={languages?.questionLanguage} readings="always" />
      <CardText text={answer} side="answer" lang={languages?.answerLanguage} readings="always" />
    </div>
  );
}
