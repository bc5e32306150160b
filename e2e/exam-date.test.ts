/**
 * Issue #23 item 5 (decision 0049): a learner sets an exam date on a course page, sees FSRS's
 * forecast for the day, and removes the date; a date in the past is refused with its message.
 */
import { describe, inject, it } from "vitest";
import { createDeckFixture } from "../harness/fixtures";
import { signIn } from "./support/accounts";
import { expectAccessible, PHONE, setupBrowser } from "./support/browser";

const session = setupBrowser();

const CARDS = ["uno", "dos", "tres", "cuatro"].map((question, i) => ({ question, answer: String(i + 1) }));

/** A local day `days` from today, as a date input takes it. */
function dayFromToday(days: number): string {
  const at = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

describe("an exam date on a course page", () => {
  it("is set, forecast, refused in the past and removed (English, desktop)", async () => {
    const fixture = await createDeckFixture(inject("baseURL"), CARDS);
    const page = await session.newPage();
    await page.goto("/en/");
    await signIn(page, fixture.email, fixture.password);
    await page.getByRole("button", { name: /Account menu for/ }).waitFor();
    await session.visit(page, `/en/courses/${fixture.courseId}`);

    const exam = page.getByRole("region", { name: "Exam date" });
    const field = exam.getByLabel("Date of the exam");
    await field.fill(dayFromToday(-3));
    await exam.getByRole("button", { name: "Set exam date" }).click();
    await exam.getByText("The exam date cannot be in the past.").first().waitFor();

    await field.fill(dayFromToday(10));
    await exam.getByRole("button", { name: "Set exam date" }).click();
    await exam.getByText(/^Your exam: /).waitFor();
    // Nothing studied yet: every card would be forgotten.
    await exam
      .getByText("If you study nothing more, you would remember about 0% of this course's 4 cards on that day.")
      .waitFor();
    await expectAccessible(page);

    await exam.getByRole("button", { name: "Remove exam date" }).click();
    await exam.getByLabel("Date of the exam").waitFor();
  });

  it("reads in Japanese on a phone", async () => {
    const fixture = await createDeckFixture(inject("baseURL"), CARDS);
    const page = await session.newPage(PHONE);
    await page.goto("/ja/");
    await signIn(page, fixture.email, fixture.password, "ja");
    await page.getByRole("button", { name: /のアカウントメニュー/ }).waitFor();
    await session.visit(page, `/ja/courses/${fixture.courseId}`);
    const exam = page.getByRole("region", { name: "試験日" });
    await exam.getByLabel("試験の日付").fill(dayFromToday(30));
    await exam.getByRole("button", { name: "試験日を設定" }).click();
    await exam.getByText(/^試験日：/).waitFor();
    await exam
      .getByText("このまま学習しなければ、試験日にはこのコースの4枚のカードのうち約0%を覚えている見込みです。")
      .waitFor();
    await expectAccessible(page);
  });
});
