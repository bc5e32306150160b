/**
 * The English texts the first screens show, in three parts (decisions 0015, 0034): the app's frame
 * comes with the first script; the landing page's and a course page's come with that page's own
 * chunk, so a first visit to one does not download the other's. The rest of the English texts
 * load with every other screen and with the dialogs (lib/i18n.ts loadAllTexts), so texts of later
 * features never weigh on a first visit. A whole group, or one "group.key".
 */
export const FIRST_SCREEN_TEXTS = {
  /** Header, footer, menus' buttons, the error page, the offline banner: every page. */
  frame: [
    "app",
    "header",
    // The header's navigation and its menu (#23).
    "nav",
    "footer",
    "language",
    "pages",
    "common",
    "errors",
    "error_page",
    "auth.sign_in_sign_up",
    "auth.signed_in",
    "auth.signed_out",
    "auth.account_menu",
    "contact.sign_in_first",
    "course_form.login_to_create",
    "course_form.create_button",
    "search.button",
    "theme",
    // The offline banner, and the header's create button while offline (decision 0025).
    "offline.banner",
    "offline.kept_link",
    "offline.needs_connection",
  ],
  /** The landing page and its most followed courses' cards. */
  landing: [
    "landing",
    // A course card's facts.
    "polish.decks_one",
    "polish.decks_other",
    "polish.cards_one",
    "polish.cards_other",
    "polish.followers_one",
    "polish.followers_other",
    // The owner's chosen display name on a course card (decision 0033).
    "profile.by_owner",
  ],
  /** A course page: its decks, the follow star, the export button and the "Keep offline" switch. */
  course: [
    // Not the owner's tools' (they load every text).
    "course.not_found",
    "course.load_failed",
    "course.loading",
    "course.decks_heading",
    "course.tags_heading",
    "course.no_decks",
    "course.deck_completed",
    "course.deck_cards_one",
    "course.deck_cards_other",
    "course.start_studying",
    "course.practice",
    "follow",
    "exports.button",
    // The "not available offline" state (decision 0025).
    "offline.not_available_title",
    "offline.not_available",
    "offline.load_failed",
    "offline.retry",
    "offline.go_back",
    // The "Keep offline" switch, drawn with the page, and what it says when used.
    "offline.keep",
    "offline.keep_hint",
    "offline.keeping",
    "offline.kept",
    "offline.removed",
    "offline.keep_failed",
  ],
} as const;

export type FirstScreenPart = keyof typeof FIRST_SCREEN_TEXTS;

type Texts = Record<string, unknown>;

/** The part of a language's texts that FIRST_SCREEN_TEXTS[part] names. */
export function firstScreenTexts(all: Texts, part: FirstScreenPart): Texts {
  const picked: Record<string, Texts> = {};
  for (const name of FIRST_SCREEN_TEXTS[part]) {
    const [group = "", key] = name.split(".");
    const texts = all[group] as Texts | undefined;
    if (!texts) throw new Error(`No text group "${group}"`);
    if (key === undefined) picked[group] = { ...picked[group], ...texts };
    else if (key in texts) picked[group] = { ...picked[group], [key]: texts[key] };
    else throw new Error(`No text "${name}"`);
  }
  return picked;
}
