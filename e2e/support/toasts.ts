/** Where a toast sits, for the tests that check it covers nothing a person reads (#23). */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { settled } from "./browser";

export type Box = { x: number; y: number; width: number; height: number };

export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast's box once it has slid into place. */
export async function settledBox(toast: Locator): Promise<Box> {
  await toast.waitFor();
  await toast.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  );
  // Sonner may still move it as it measures the stack: the same box two frames apart.
  let box = await toast.boundingBox();
  await expect
    .poll(async () => {
      await settled(toast.page());
      const next = await toast.boundingBox();
      const still = JSON.stringify(next) === JSON.stringify(box);
      box = next;
      return still;
    })
    .toBe(true);
  if (!box) throw new Error("the toast has no box");
  return box;
}

/** Fails when the box covers the text of a heading of the page's main part (not its block, as wide as the page). */
export async function expectNoHeadingUnder(page: Page, box: Box) {
  for (const heading of await page.getByRole("main").getByRole("heading").all()) {
    const textBox = await heading.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const { x, y, width, height } = range.getBoundingClientRect();
      return { x, y, width, height };
    });
    if (textBox.height === 0) continue;
    expect(overlaps(box, textBox), `the toast covers "${await heading.textContent()}"`).toBe(false);
  }
}
