/**
 * "Card display" (decision 0052): how readings show on cards, whether review and practice read each
 * question aloud, and, for the languages of the page's cards, whether this browser can read them
 * (why a Listen button is missing). A choice applies at once and is kept on this device.
 */
import { READING_MODES, saveCardDisplay, useCardDisplay } from "@client/lib/card-display";
import { useVoice } from "@client/lib/speech";
import { languageName } from "@shared/card-languages";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";
import styles from "./card-display-dialog.module.css";
import { FuriganaText } from "./card-text";
import { Dialog } from "./dialog";

const SAMPLE = "日本[にほん] 語[ご]を 読[よ]む";

interface CardDisplayDialogProps {
  open: boolean;
  onClose(): void;
  /** The languages of the cards on the page, to say whether each can be listened to. */
  languages?: readonly (string | undefined)[];
}

export function CardDisplayDialog({ open, onClose, languages = [] }: CardDisplayDialogProps) {
  const { t } = useTranslation();
  const display = useCardDisplay();
  const id = useId();
  const known = [...new Set(languages.filter((lang): lang is string => !!lang))];
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={t("card_text.dialog_title")}>
      <div className={styles.body}>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t("card_text.readings_legend")}</legend>
          <p className={styles.hint}>{t("card_text.readings_hint")}</p>
          {READING_MODES.map((mode) => (
            <label key={mode} className={styles.choice}>
              <input
                type="radio"
                name={`${id}-readings`}
                value={mode}
                checked={display.readings === mode}
                onChange={() => saveCardDisplay({ readings: mode })}
              />
              <span>{t(`card_text.readings_${mode}`)}</span>
            </label>
          ))}
          <p className={styles.sample}>
            <span className={styles.sampleLabel}>{t("card_text.sample")}</span>{" "}
            <FuriganaText text={SAMPLE} lang="ja" mode={display.readings} />
          </p>
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t("card_text.listen_legend")}</legend>
          <label className={styles.choice}>
            <input
              type="checkbox"
              checked={display.readAloud}
              onChange={(event) => saveCardDisplay({ readAloud: event.target.checked })}
            />
            <span>{t("card_text.read_aloud")}</span>
          </label>
          <p className={styles.hint}>{t("card_text.listen_hint")}</p>
          {known.length > 0 && (
            <ul className={styles.voices}>
              {known.map((lang) => (
                <VoiceStatus key={lang} lang={lang} />
              ))}
            </ul>
          )}
        </fieldset>
        <Button onClick={onClose}>{t("card_text.done")}</Button>
      </div>
    </Dialog>
  );
}

/** Whether this browser has a voice for the language: the reason a Listen button shows or not. */
function VoiceStatus({ lang }: { lang: string }) {
  const { t, i18n } = useTranslation();
  const voice = useVoice(lang);
  const language = languageName(lang, i18n.language);
  return (
    <li data-voice={voice ? "yes" : "no"}>
      {voice ? t("card_text.voice_found", { language, voice: voice.name }) : t("card_text.voice_missing", { language })}
    </li>
  );
}
