import { readFileSync } from "node:fs";
import { join } from "node:path";
import en from "@shared/i18n/en.json";
import { describe, expect, it } from "vitest";
import { FIRST_SCREEN_TEXTS, type FirstScreenPart, firstScreenTexts } from "./first-screen-texts";

/** The app's frame (the first script) and the two first screens (their chunks), by part. */
const FIRST_SCREEN_FILES: Record<FirstScreenPart, string[]> = {
  frame: [
    "app/app-shell.tsx",
    "app/header.tsx",
    "app/footer.tsx",
    "app/language-picker.tsx",
    "app/language-gate.tsx",
    "app/error-page.tsx",
    "app/router.tsx",
    "components/loading.tsx",
    "components/page.tsx",
    "components/deferred-menu.tsx",
    "lib/api.ts",
    "lib/notify.ts",
    "core/session/session.tsx",
    "features/accounts/components/auth-dialog.tsx",
    "features/accounts/components/stored-settings.tsx",
    "features/accounts/components/account-menu.tsx",
    "features/contact/components/contact-link.tsx",
    "features/courses/components/create-course-button.tsx",
    "features/search/components/search-button.tsx",
    "features/offline/components/offline-banner.tsx",
    "components/needs-connection.tsx",
  ],
  landing: ["features/landing/routes/landing-page.tsx"],
  course: [
    "app/pages/course-page.tsx",
    "features/courses/routes/course-page.tsx",
    "features/follows/components/follow-star.tsx",
    "features/follows/components/star-button.tsx",
    "features/exports/components/export-button.tsx",
    "features/offline/components/keep-offline-switch.tsx",
    "components/load-failed.tsx",
  ],
};

/** Text keys a file names, and groups it names with a key made at run time. */
function namedTexts(file: string) {
  const groups = Object.keys(en).join("|");
  const keyLiteral = new RegExp(`["'\`]((?:${groups})\\.[a-z0-9_]+)["'\`]`, "g");
  const prefix = new RegExp(`t\\(\`((?:${groups}))\\.\\$\\{`, "g");
  const text = readFileSync(join(import.meta.dirname, "..", file), "utf8");
  return {
    keys: [...text.matchAll(keyLiteral)].map(([, key = ""]) => key),
    groups: [...text.matchAll(prefix)].map(([, group = ""]) => group),
  };
}

describe("the first screens' texts", () => {
  const parts = Object.keys(FIRST_SCREEN_FILES) as FirstScreenPart[];

  it.each(parts)("cover every text key the %s names (with the frame's)", (part) => {
    const frame = firstScreenTexts(en, "frame") as Record<string, Record<string, unknown>>;
    const own = firstScreenTexts(en, part) as Record<string, Record<string, unknown>>;
    const names = new Set<string>([...FIRST_SCREEN_TEXTS.frame, ...FIRST_SCREEN_TEXTS[part]]);
    const missing: string[] = [];
    for (const file of FIRST_SCREEN_FILES[part]) {
      const { keys, groups } = namedTexts(file);
      for (const key of keys) {
        const [group = "", name = ""] = key.split(".");
        // A key with a count is there as its plural forms (name_one, name_other…).
        const has = (texts: Record<string, unknown> = {}) => name in texts || `${name}_other` in texts;
        if (!has(frame[group]) && !has(own[group])) missing.push(`${file}: ${key}`);
      }
      // t(`group.${…}`): the whole group must be there.
      for (const group of groups) if (!names.has(group)) missing.push(`${file}: ${group}.*`);
    }
    expect(missing).toEqual([]);
  });

  it("name only texts that exist, and leave most texts for later screens", () => {
    const first = parts.reduce((sum, part) => sum + JSON.stringify(firstScreenTexts(en, part)).length, 0);
    expect(first).toBeLessThan(JSON.stringify(en).length / 2);
  });

  it("give the landing page's texts to the landing page's chunk only, and a course page's to its own", () => {
    const frame = JSON.stringify(firstScreenTexts(en, "frame"));
    expect(frame).not.toContain(en.landing.headline);
    expect(frame).not.toContain(en.course.decks_heading);
  });
});
