/** Server-side texts (mail) from the same translation files as the web client. */
import en from "@shared/i18n/en.json";
import ja from "@shared/i18n/ja.json";
import { DEFAULT_LANGUAGE, type Language, LIMIT_TEXT_VARIABLES } from "@shared/limits";

const resources = { en, ja } as const;
type MailKey = keyof typeof en.mail;

export function mailText(language: Language | null | undefined, key: MailKey, vars: Record<string, string> = {}) {
  const text = resources[language ?? DEFAULT_LANGUAGE].mail[key];
  return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => vars[name] ?? "");
}

/** The English text of a translation key such as `validation.course_name_required`, filled in; undefined when there is none. */
export function englishText(key: string, params: Record<string, string | number> = {}): string | undefined {
  let text: unknown = en;
  for (const part of key.split(".")) {
    text = typeof text === "object" && text !== null ? (text as Record<string, unknown>)[part] : undefined;
  }
  if (typeof text !== "string") return undefined;
  const values: Record<string, string | number> = { ...LIMIT_TEXT_VARIABLES, ...params };
  return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(values[name] ?? ""));
}
