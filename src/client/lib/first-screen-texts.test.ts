import { readFileSync } from "node:fs";
import { join } from "node:path";
import en from "@shared/i18n/en.json";
import { describe, expect, it } from "vitest";
import { FIRST_SCREEN_TEXTS, firstScreenTexts } from "./first-screen-texts";

/** The app's frame and the two first screens (what the first script and their chunks hold). */
const FIRST_SCREEN_FILES = [
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
  "features/accounts/session.tsx",
  "features/accounts/components/auth-dialog.tsx",
  "features/accounts/components/account-menu.tsx",
  "features/contact/components/contact-link.tsx",
  "features/courses/components/create-course-button.tsx",
  "features/search/components/search-button.tsx",
  "features/landing/routes/landing-page.tsx",
  "features/courses/routes/course-page.tsx",
  "features/follows/components/follow-star.tsx",
  "features/exports/components/export-button.tsx",
];

describe("the first screens' texts", () => {
  it("cover every text key the first screens name", () => {
    const groups = Object.keys(en).join("|");
    const keyLiteral = new RegExp(`["'\`]((?:${groups})\\.[a-z0-9_]+)["'\`]`, "g");
    const prefix = new RegExp(`t\\(\`((?:${groups}))\\.\\$\\{`, "g");
    const first = firstScreenTexts(en) as Record<string, Record<string, unknown>>;
    const missing: string[] = [];
    for (const file of FIRST_SCREEN_FILES) {
      const text = readFileSync(join(import.meta.dirname, "..", file), "utf8");
      for (const [, key = ""] of text.matchAll(keyLiteral)) {
        const [group = "", name = ""] = key.split(".");
        if (!(name in (first[group] ?? {}))) missing.push(`${file}: ${key}`);
      }
      // t(`group.${…}`): the whole group must be there.
      for (const [, group = ""] of text.matchAll(prefix)) {
        if (!FIRST_SCREEN_TEXTS.includes(group as never)) missing.push(`${file}: ${group}.*`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("name only texts that exist, and leave most texts for later screens", () => {
    const first = JSON.stringify(firstScreenTexts(en)).length;
    expect(first).toBeLessThan(JSON.stringify(en).length / 2);
  });
});
