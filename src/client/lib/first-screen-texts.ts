/**
 * The English texts the first screens show (the app's frame, the landing page and a course page):
 * they come with the first script. The rest of the English texts load with every other screen and
 * with the dialogs (lib/i18n.ts loadAllTexts), so texts of later features never weigh on a first
 * visit (decision 0015). A whole group, or one "group.key".
 */
export const FIRST_SCREEN_TEXTS = [
  "app",
  "header",
  "footer",
  "language",
  "landing",
  "pages",
  "common",
  "errors",
  "error_page",
  "course",
  "follow",
  "auth.sign_in_sign_up",
  "auth.signed_in",
  "auth.signed_out",
  "auth.account_menu",
  "contact.sign_in_first",
  "course_form.login_to_create",
  "course_form.create_button",
  "search.button",
  "exports.button",
  "theme",
  // A course card's facts (the landing page's most followed courses).
  "polish.decks_one",
  "polish.decks_other",
  "polish.cards_one",
  "polish.cards_other",
  "polish.followers_one",
  "polish.followers_other",
  // The owner's chosen display name on a course card (decision 0033).
  "profile.by_owner",
  // The offline banner and the "not available offline" state of the course page (decision 0025).
  "offline.banner",
  "offline.kept_link",
  "offline.not_available_title",
  "offline.not_available",
  "offline.load_failed",
  "offline.retry",
  "offline.go_back",
  "offline.needs_connection",
  // The course page's "Keep offline" switch, drawn with the page, and what it says when used.
  "offline.keep",
  "offline.keep_hint",
  "offline.keeping",
  "offline.kept",
  "offline.kept_link",
  "offline.removed",
  "offline.keep_failed",
] as const;

type Texts = Record<string, unknown>;

/** The part of a language's texts that FIRST_SCREEN_TEXTS names. */
export function firstScreenTexts(all: Texts): Texts {
  const picked: Record<string, Texts> = {};
  for (const name of FIRST_SCREEN_TEXTS) {
    const [group = "", key] = name.split(".");
    const texts = all[group] as Texts | undefined;
    if (!texts) throw new Error(`No text group "${group}"`);
    if (key === undefined) picked[group] = { ...picked[group], ...texts };
    else if (key in texts) picked[group] = { ...picked[group], [key]: texts[key] };
    else throw new Error(`No text "${name}"`);
  }
  return picked;
}
