import { CARD_LANGUAGES, type CardLanguage, languageName } from "@shared/card-languages";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

/** The interface language as a card language: a new course's sides start in it (decision 0052). */
export function interfaceCardLanguage(language: string): CardLanguage {
  return CARD_LANGUAGES.find((tag) => tag === language) ?? "en";
}

/** The card languages as a select's options, named in the interface language and in its alphabetical order. */
export function LanguageOptions() {
  const { i18n } = useTranslation();
  const options = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    return CARD_LANGUAGES.map((tag) => ({ tag, name: languageName(tag, i18n.language) })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
  }, [i18n.language]);
  return options.map(({ tag, name }) => (
    <option key={tag} value={tag}>
      {name}
    </option>
  ));
}
