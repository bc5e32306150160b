/**
 * Write mode (issue #24 items 1 and 2): the learner types each answer, Enter checks it, Enter
 * again goes on. English at a desk: a right answer with its optional part, a typo ("Almost"), a
 * wrong answer corrected with "I was right" (one answer reaches the server per card, the
 * correction included), a wrong one, the summary. Japanese on a phone: romaji typed become kana
 * ("taberu" → たべる) with the caret kept, a system IME's composition is left alone, the switch
 * turns the conversion off and is remembered, furigana never shows its brackets. Review offers
 * typing too, remembered on the browser. A kept course is written offline, and its answers sync later.
 */

import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { createDeckFixture } from "../harness/fixtures";
import { expectAccessible, setupBrowser } from "./support/browser";
import { cutConnection, restoreConnection, serviceWorkerReady } from "./support/offline";

const session = setupBrowser();

const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Answers on the server for the signed-in person (the statistics count every recorded answer). */
async function answersOnServer(page: Page): Promise<number> {
  const stats = (await (await page.request.get("/api/stats")).json()) as { reviewsPerDay: { reviews: number }[] };
  return stats.reviewsPerDay.reduce((sum, day) => sum + day.reviews, 0);
}

/** The question's base text: its readings (ruby, decision 0052) left out. */
const question = async (page: Page) =>
  (
    await page.getByTestId("write-question").evaluate((element) => {
      const copy = element.cloneNode(true) as HTMLElement;
      for (const reading of copy.querySelectorAll("rt, rp")) reading.remove();
      return copy.textContent ?? "";
    })
  ).trim();
const fieldValue = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue();

describe("write mode", () => {
  it("checks typed answers leniently, marks the difference, takes a correction once, and sums up (English)", {
    timeout: 90_000,
  }, async () => {
    const fixture = await createDeckFixture(inject("baseURL"), [
      { question: "comer", answer: "(to) eat" },
      { question: "restaurante", answer: "restaurant" },
      { question: "rojo", answer: "red" },
      { question: "grande", answer: "big; large" },
    ]);
    const page = await session.signedInPage(fixture.cookie);
    const before = await answersOnServer(page);
    const deckPath = `/en/courses/${fixture.courseId}/decks/${fixture.deckId}`;

    await session.visit(page, `${deckPath}/study`);
    await page.getByRole("link", { name: /^Write/ }).click();
    await page.getByRole("heading", { level: 1, name: "Write: Numbers" }).waitFor();
    const field = page.getByLabel("Your answer", { exact: true });
    // The field has the focus at once, with no autocorrection; no kana switch for English answers.
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await field.getAttribute("autocapitalize")).toBe("off");
    expect(await field.getAttribute("autocorrect")).toBe("off");
    expect(await field.getAttribute("spellcheck")).toBe("false");
    expect(await page.getByRole("switch").count()).toBe(0);
    await expectAccessible(page);

    const typed: Record<string, string> = {
      comer: "  To eat. ",
      restaurante: "restaurnt",
      rojo: "blue",
      grande: "small",
    };
    for (let i = 1; i <= 4; i++) {
      await page.getByText(`Card ${i} of 4`).waitFor();
      const asked = await question(page);
      await field.fill(typed[asked] ?? "");
      await page.keyboard.press("Enter");
      const status = page.getByRole("status").filter({ hasText: /\S/ });
      if (asked === "comer") await status.getByText("Right!").waitFor();
      if (asked === "restaurante") {
        await status.getByText("Almost — check the spelling").waitFor();
        expect(await page.getByTestId("expected-answer").innerText()).toBe("restaurant");
        expect(await page.getByTestId("expected-answer").locator("mark").innerText()).toBe("a");
      }
      if (asked === "rojo" || asked === "grande") {
        await status.getByText("Not quite.").waitFor();
        // Both answers, the difference marked.
        expect(await page.getByTestId("given-answer").innerText()).toBe(typed[asked]);
        expect(await page.getByTestId("expected-answer").innerText()).toBe(asked === "rojo" ? "red" : "big");
        expect(await page.getByTestId("given-answer").locator("mark").count()).toBeGreaterThan(0);
        expect(await field.getAttribute("aria-invalid")).toBe("true");
        await expectAccessible(page);
      }
      if (asked === "rojo") {
        // "I was right", from the keyboard: the focus stays in the field, Enter goes on.
        await page.getByRole("button", { name: /^I was right/ }).waitFor();
        await page.keyboard.press("r");
        await status.getByText("Counted as right.").waitFor();
        expect(await page.getByRole("button", { name: /^I was right/ }).count()).toBe(0);
        expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
      }
      await page.keyboard.press("Enter");
    }

    await page.getByRole("heading", { name: "You wrote 4 answers" }).waitFor();
    await page.getByText("Right: 2").waitFor();
    await page.getByText("Almost: 1").waitFor();
    await page.getByText("Wrong: 1").waitFor();
    await page.getByRole("heading", { name: "Missed cards" }).waitFor();
    await page.getByRole("definition").getByText("big; large").waitFor();
    const restart = page.getByRole("button", { name: "Start again" });
    expect(await restart.evaluate((button) => button === document.activeElement)).toBe(true);
    await expectAccessible(page);

    // One answer per card: the correction replaced the wrong verdict before anything was sent.
    await expect.poll(() => answersOnServer(page), { timeout: 15_000 }).toBe(before + 4);

    // The missed card again, then from the start.
    await page.getByRole("button", { name: "Write the 1 missed card again" }).click();
    await page.getByText("Card 1 of 1").waitFor();
    expect(await question(page)).toBe("grande");
    await field.fill("large");
    await page.keyboard.press("Enter");
    await page.getByText("Right!").waitFor();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "You wrote 1 answer" }).waitFor();
    await restart.click();
    await page.getByText("Card 1 of 4").waitFor();
  });

  it("turns romaji into kana on a phone, leaves an IME's composition alone, and corrects an answer (Japanese)", {
    timeout: 90_000,
  }, async () => {
    const fixture = await createDeckFixture(inject("baseURL"), [
      { question: "to eat", answer: "食べる[たべる]" },
      { question: "to drink", answer: "飲む[のむ]" },
      { question: "coffee", answer: "コーヒー" },
      { question: "water[みず]", answer: "みず" },
    ]);
    // Kana input follows the answers' language (decision 0052): this course's answers are Japanese.
    const languages = await fetch(`${inject("baseURL")}/api/courses/${fixture.courseId}`, {
      method: "PUT",
      headers: { origin: inject("baseURL"), cookie: fixture.cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: fixture.courseName, questionLanguage: "en", answerLanguage: "ja" }),
    });
    expect(languages.status).toBe(200);
    const page = await session.signedInPage(fixture.cookie, PHONE_390);
    const before = await answersOnServer(page);
    await session.visit(page, `/ja/courses/${fixture.courseId}/decks/${fixture.deckId}/write`);
    await page.getByRole("heading", { level: 1, name: "筆記：Numbers" }).waitFor();
    const label = "あなたの答え";
    const field = page.getByLabel(label, { exact: true });
    const kanaSwitch = page.getByRole("switch", { name: "入力したローマ字をかなにする" });
    expect(await kanaSwitch.isChecked()).toBe(true);
    expect(await field.getAttribute("lang")).toBe("ja");
    await page.getByText("答えを入力して「答え合わせ」をタップします。").waitFor();
    // The field sits in the top half of the screen: a phone's keyboard leaves it in sight.
    const box = await field.boundingBox();
    expect((box?.y ?? 844) + (box?.height ?? 0)).toBeLessThan(844 / 2);

    // A system IME composing: nothing converts between compositionstart and compositionend.
    await field.focus();
    await page.evaluate(() => {
      const input = document.activeElement as HTMLInputElement;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
      const compose = (value: string, flagged: boolean) => {
        setValue?.call(input, value);
        input.dispatchEvent(
          new InputEvent("input", {
            bubbles: true,
            data: value,
            inputType: "insertCompositionText",
            isComposing: flagged,
          }),
        );
      };
      input.dispatchEvent(new CompositionEvent("compositionstart", { bubbles: true, data: "" }));
      compose("ka", true);
      // Some browsers do not flag the input events of a composition: the component's own tracking holds.
      compose("kan", false);
    });
    expect(await fieldValue(page, label)).toBe("kan");
    await page.evaluate(() => {
      const input = document.activeElement as HTMLInputElement;
      input.dispatchEvent(new CompositionEvent("compositionend", { bubbles: true, data: "kan" }));
    });
    expect(await fieldValue(page, label)).toBe("kan");
    // The same event outside a composition does convert: the check above is not vacuous.
    await page.evaluate(() => {
      const input = document.activeElement as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, "ka");
      input.setSelectionRange(2, 2);
      input.dispatchEvent(new InputEvent("input", { bubbles: true, data: "a", inputType: "insertText" }));
    });
    expect(await fieldValue(page, label)).toBe("か");
    await field.fill("");

    const seen: string[] = [];
    for (let i = 1; i <= 4; i++) {
      await page.getByText(`4枚中${i}枚目`).waitFor();
      const asked = await question(page);
      // Furigana: readings as ruby, never the brackets.
      expect(asked).not.toMatch(/[[\]]/);
      if (asked === "water") expect(await page.getByTestId("write-question").locator("rt").innerText()).toBe("みず");
      seen.push(asked);
      await field.focus();
      if (asked === "to eat") {
        // Typed out of order: the caret stays where the kana were made.
        await page.keyboard.type("beru");
        expect(await fieldValue(page, label)).toBe("べる");
        await page.keyboard.press("Home");
        await page.keyboard.type("ta");
        expect(await fieldValue(page, label)).toBe("たべる");
        expect(await field.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(1);
      } else if (asked === "to drink") {
        await page.keyboard.type("nomimasu");
        expect(await fieldValue(page, label)).toBe("のみます");
      } else if (asked === "coffee") {
        await page.keyboard.type("ko-hi-");
        expect(await fieldValue(page, label)).toBe("こーひー");
      } else {
        // The switch off: romaji stay romaji (and the choice is remembered); on again, kana.
        await kanaSwitch.tap();
        expect(await kanaSwitch.isChecked()).toBe(false);
        await field.focus();
        await page.keyboard.type("mi");
        expect(await fieldValue(page, label)).toBe("mi");
        expect(await page.evaluate(() => localStorage.getItem("write.kana-input"))).toBe("false");
        await field.fill("");
        await kanaSwitch.tap();
        await field.focus();
        await page.keyboard.type("mizun");
        expect(await fieldValue(page, label)).toBe("みずn");
        // A lone last "n" is ん once checked; Backspace first, so the answer is みず.
        await page.keyboard.press("Backspace");
      }
      await page.getByRole("button", { name: "答え合わせ" }).tap();
      if (asked === "to drink") {
        await page.getByRole("status").getByText("不正解").waitFor();
        expect(await page.getByTestId("expected-answer").innerText()).toBe("のむ");
        await expectAccessible(page);
        await page.getByRole("button", { name: /^正解にする/ }).tap();
        await page.getByRole("status").getByText("正解として記録します。").waitFor();
      } else {
        await page.getByRole("status").getByText("正解！").waitFor();
      }
      if (i === 1) await expectAccessible(page);
      await page.getByRole("button", { name: "次へ" }).tap();
    }
    expect(seen.sort()).toEqual(["coffee", "to drink", "to eat", "water"]);

    await page.getByRole("heading", { name: "4問に答えました" }).waitFor();
    await page.getByText("正解：4").waitFor();
    await page.getByText("惜しい：0").waitFor();
    await page.getByText("不正解：0").waitFor();
    expect(await page.getByRole("heading", { name: "間違えたカード" }).count()).toBe(0);
    await expectAccessible(page);
    await expect.poll(() => answersOnServer(page), { timeout: 15_000 }).toBe(before + 4);
  });

  it("lets review take typed answers, remembered on the browser (English)", async () => {
    const fixture = await createDeckFixture(inject("baseURL"), [
      { question: "uno", answer: "one" },
      { question: "dos", answer: "two" },
      { question: "tres", answer: "three" },
      { question: "cuatro", answer: "four" },
    ]);
    const page = await session.signedInPage(fixture.cookie);
    const answers: Record<string, string> = { uno: "one", dos: "two", tres: "three", cuatro: "four" };
    await session.visit(page, `/en/review?course=${fixture.courseId}`);
    await page.getByText("0 of 4", { exact: true }).waitFor();
    const typing = page.getByRole("switch", { name: "Type the answers" });
    expect(await typing.isChecked()).toBe(false);
    await typing.check();
    const field = page.getByLabel("Your answer", { exact: true });
    await field.waitFor();
    await expectAccessible(page);
    await field.fill(answers[await question(page)] ?? "");
    await page.keyboard.press("Enter");
    await page.getByText("Right!").waitFor();
    // Enter again goes on (review's own keys are off while typing).
    await page.keyboard.press("Enter");
    await page.getByText("1 of 4", { exact: true }).waitFor();

    await page.reload();
    await page.getByLabel("Your answer", { exact: true }).waitFor();
    expect(await page.getByRole("switch", { name: "Type the answers" }).isChecked()).toBe(true);
  });

  it("works offline for a kept course; the answers sync once back online", { timeout: 90_000 }, async () => {
    const fixture = await createDeckFixture(inject("baseURL"), [
      { question: "uno", answer: "one" },
      { question: "dos", answer: "two" },
      { question: "tres", answer: "three" },
      { question: "cuatro", answer: "four" },
    ]);
    const answers: Record<string, string> = { uno: "one", dos: "two", tres: "three", cuatro: "four" };
    const page = await session.signedInPage(fixture.cookie);
    const before = await answersOnServer(page);
    await session.visit(page, `/en/courses/${fixture.courseId}`);
    await page.getByRole("switch", { name: "Keep offline" }).check();
    await page.getByRole("main").getByRole("link", { name: "Kept offline" }).waitFor();
    await serviceWorkerReady(page);

    await cutConnection(page.context());
    await session.visit(page, `/en/courses/${fixture.courseId}/decks/${fixture.deckId}/write`);
    const field = page.getByLabel("Your answer", { exact: true });
    for (let i = 1; i <= 4; i++) {
      await page.getByText(`Card ${i} of 4`).waitFor();
      await field.fill(answers[await question(page)] ?? "");
      await page.keyboard.press("Enter");
      await page.getByText("Right!").waitFor();
      await page.keyboard.press("Enter");
    }
    await page.getByText("Right: 4").waitFor();
    await page.getByRole("banner").getByText("4 answers waiting to sync").waitFor();

    await restoreConnection(page.context());
    await expect.poll(() => answersOnServer(page), { timeout: 30_000 }).toBe(before + 4);
  });
});
