import { readFileSync } from "node:fs";
import { mkdtemp, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createDeckFixture } from "../harness/fixtures";
import { signUpConfirmed } from "./support/accounts";
import { expectAccessible, PHONE, setupBrowser } from "./support/browser";
import { FOUR_CARDS } from "./support/study";

const session = setupBrowser();
/**
 * A signed-in page for the tests that are not about signing up: the account is made through the API
 * from an address of its own, so the browser's sign-ups stay under the per-address limit.
 */
const importer = async () => session.signedInPage((await createDeckFixture(session.baseURL, FOUR_CARDS)).cookie);
const fixtures = join(import.meta.dirname, "../test/fixtures/import");

const quizlet = ["perro\tdog", "gato\tcat", "pájaro\tbird", "pez\tfish", "caballo\thorse"].join("\n");

describe("importing cards", () => {
  it("invites a visitor to an account, in Japanese on a phone, with a button to make one", async () => {
    const page = await session.newPage(PHONE);
    await session.visit(page, "/ja/import");
    await page.getByText("カードを取り込むにはログインしてください。").waitFor();
    await page.getByRole("button", { name: "無料でアカウントを作成" }).click();
    await page.getByRole("dialog").waitFor();
    await expectAccessible(page);
  });

  it("pastes Quizlet text, previews it, imports it into a new course and studies it", async () => {
    const page = await session.newPage();
    await signUpConfirmed(page, "en", "importer");
    await page.goto("/en/my_courses");
    await page.getByRole("main").getByRole("link", { name: "Import" }).click();
    await page.getByRole("heading", { level: 1, name: "Import cards" }).waitFor();

    await page.getByLabel("Cards as text").fill(quizlet);
    await page.getByText("Detected automatically: Tab between term and definition, New line between cards.").waitFor();
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.getByText("1 deck with 5 cards will be created.").waitFor();
    expect(await preview.getByRole("row").nth(1).allTextContents()).toEqual(["perrodog"]);
    await preview.getByText("Nothing is lost: every card comes along as text.").waitFor();

    // Changing the separator changes the preview: with commas no card has both sides.
    await page.getByLabel("Between term and definition").selectOption("comma");
    await page.getByRole("alert").getByText("No cards with both a question and an answer were found.").waitFor();
    await page.getByLabel("Between term and definition").selectOption("tab");
    await preview.getByText("1 deck with 5 cards will be created.").waitFor();

    const courseName = `Spanish animals ${crypto.randomUUID().slice(0, 6)}`;
    await page.getByLabel("Course name").fill(courseName);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: courseName }).waitFor();
    // The pasted deck is named after the course.
    await page.getByRole("link", { name: `1. ${courseName}` }).click();
    await page.getByText("caballo").waitFor();
    // Studied like any deck: the flip cards go through the five imported cards.
    await page.goto(`${new URL(page.url()).pathname}/flashcards`);
    await page.getByRole("button", { name: /^Question perro/ }).waitFor();
    await page.getByText("(1/5)").waitFor();
    await page.keyboard.press("Space");
    await page.getByRole("button", { name: /^Answer dog/ }).waitFor();
  });

  it("says plainly that 3 cards cannot be imported, with no count of 0 decks and no 'nothing is lost', and disables Import", async () => {
    const page = await importer();
    await page.goto("/en/import");
    await page.getByLabel("Cards as text").fill(["perro\tdog", "gato\tcat", "pez\tfish"].join("\n"));
    const preview = page.getByRole("region", { name: "Preview" });
    await preview
      .getByRole("alert")
      .getByText("Nothing can be imported: a deck needs at least 4 cards, and only 3 cards were found.")
      .waitFor();
    expect(await preview.getByText(/will be created/).count()).toBe(0);
    expect(await page.getByText(/Nothing is lost/).count()).toBe(0);
    const button = page.getByRole("button", { name: "Import", exact: true });
    expect(await button.isDisabled()).toBe(true);
    expect(await button.getAttribute("aria-describedby")).toBe(await preview.getByRole("alert").getAttribute("id"));
    await expectAccessible(page);
    // A fourth card makes the deck: the summary and the button come back.
    await page.getByLabel("Cards as text").fill(["perro\tdog", "gato\tcat", "pez\tfish", "ave\tbird"].join("\n"));
    await preview.getByText("1 deck with 4 cards will be created.").waitFor();
    expect(await button.isEnabled()).toBe(true);
  });

  it("names each skipped pasted line's reason and keeps a second tab in the answer (Japanese, phone)", async () => {
    const page = await session.newPage(PHONE);
    await signUpConfirmed(page, "ja", "reasons");
    await page.goto("/ja/import");
    const pasted = [
      "犬\tdog",
      "\tno question",
      "羊\t",
      "猫\tcat",
      "牛\tcow\twith extra tab",
      "馬\thorse",
      "no separator",
    ];
    await page.getByLabel("カードのテキスト").fill(pasted.join("\n"));
    const preview = page.getByRole("region", { name: "プレビュー" });
    await preview.getByText("1デッキ（4枚のカード）を作成します。").waitFor();
    const losses = preview.getByRole("list", { name: "取り込まれないもの" });
    expect(await losses.getByRole("listitem").allTextContents()).toEqual([
      "区切りのない1行は取り込まれません。",
      "区切りの前に何もない（問題のない）1行は取り込まれません。",
      "区切りの後に何もない（答えのない）1行は取り込まれません。",
    ]);
    await preview.getByText("1行に用語と定義の区切りが2つ以上あります。").waitFor();
    // Three cards are shown: the third holds the tab as written.
    expect(await preview.getByRole("row").nth(3).allTextContents()).toEqual(["牛cow\twith extra tab"]);
    // Too few in Japanese too: the reason, and the button disabled.
    await page.getByLabel("カードのテキスト").fill(pasted.slice(0, 4).join("\n"));
    await preview
      .getByRole("alert")
      .getByText("取り込めるものがありません。デッキには4枚以上のカードが必要ですが、見つかったカードは2枚だけです。")
      .waitFor();
    expect(await page.getByRole("button", { name: "取り込む", exact: true }).isDisabled()).toBe(true);
    await expectAccessible(page);
  });

  it("reads our own CSV export back: no Deck or GUID column to choose, nothing lost, display times kept", async () => {
    const page = await importer();
    await page.goto("/en/import");
    await page.getByLabel(/^A file/).check();
    const csv = [
      "#separator:Comma",
      "#html:false",
      "#notetype:Basic (Flashcards)",
      "#columns:Front,Back,Deck,GUID,Duration",
      "#deck column:3",
      "#guid column:4",
      ...["uno", "dos", "tres", "cuatro", "cinco"].map(
        (word, i) => `${word},${i + 1},Numbers::Spanish,g${i},${i + 1.5}`,
      ),
    ].join("\n");
    await page.getByLabel("File", { exact: true }).setInputFiles({
      name: "Numbers.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.getByText("1 deck with 5 cards will be created.").waitFor();
    await preview.getByText("Every card keeps its display time from the file.").waitFor();
    await preview.getByText("Nothing is lost: every card comes along as text.").waitFor();
    const options = await page.getByLabel("Question column").locator("option").allTextContents();
    expect(options).toEqual(["Front", "Back"]);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Numbers" }).waitFor();
  });

  it("reads an Anki package in a worker, lists what is lost, and adds its decks to an own course (Japanese, phone)", async () => {
    const page = await session.newPage(PHONE);
    await signUpConfirmed(page, "ja", "anki");
    // An own course to add to, made through the import itself.
    await page.goto("/ja/import");
    await page.getByLabel("カードのテキスト").fill(quizlet);
    await page.getByLabel("コース名").fill("Anki から");
    await page.getByRole("button", { name: "取り込む", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Anki から" }).waitFor();
    await page.getByRole("main").getByRole("link", { name: "インポート" }).click();
    await page.getByRole("heading", { level: 1, name: "カードを取り込む" }).waitFor();

    await page.getByLabel(/^ファイル（CSV/).check();
    await page.getByLabel("ファイル", { exact: true }).setInputFiles(join(fixtures, "generated-anki21b-japanese.apkg"));
    const preview = page.getByRole("region", { name: "プレビュー" });
    await preview.getByText("3デッキ（65枚のカード）を作成します。").waitFor();
    await preview.getByRole("heading", { name: /^日本語 › 動詞（パート1）/ }).waitFor();
    const losses = preview.getByRole("list", { name: "取り込まれないもの" });
    await losses.getByText("10枚のカードの Anki での学習履歴とスケジュールは引き継がれません。").waitFor();
    await losses.getByText("パッケージ内の2個のメディアファイルは取り込まれません。").waitFor();
    await preview.getByText(/カードが4枚未満の1個のデッキは取り込まれません/).waitFor();
    // Another answer field for "Basic": only one note has text in "Notes"; the others then have no answer.
    await page.getByLabel("「Basic」の答えフィールド").selectOption({ label: "Notes" });
    await losses.getByText("問題か答えのない64枚のカードは取り込まれません。").waitFor();
    await page.getByLabel("「Basic」の答えフィールド").selectOption({ label: "ほかのすべてのフィールド" });
    await preview.getByText("3デッキ（65枚のカード）を作成します。").waitFor();
    await page.getByLabel("自分のコースに新しいデッキとして追加").check();
    expect(await page.getByLabel("コース", { exact: true }).inputValue()).not.toBe("");
    await expectAccessible(page);
    await page.getByRole("button", { name: "取り込む", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Anki から" }).waitFor();
    await page.getByRole("link", { name: /4\. 日本語 › 動詞（パート2）/ }).waitFor();
  });

  it("reads a CSV with a header row, quoted new lines and Japanese, with a column picker", async () => {
    const page = await importer();
    await page.goto("/en/import");
    await page.getByLabel(/^A file/).check();
    await page.getByLabel("File", { exact: true }).setInputFiles(join(fixtures, "japanese-quoted.csv"));
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.getByText("1 deck with 4 cards will be created.").waitFor();
    expect(await preview.getByRole("row").nth(2).allTextContents()).toEqual(["大阪Osaka\nin Kansai"]);
    // The answer column can be the question column too: the picker lists the header's names.
    await page.getByLabel("Answer column").selectOption({ label: "Term" });
    expect(await preview.getByRole("row").nth(1).allTextContents()).toEqual(["東京東京"]);
    await page.getByLabel("Answer column").selectOption({ label: "Definition" });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "japanese-quoted" }).waitFor();
  });

  it("reads a Shift-JIS CSV (Japanese Excel) and names the encoding, takes a NUL out, and refuses unreadable bytes (Japanese)", async () => {
    const page = await session.newPage();
    await signUpConfirmed(page, "ja", "sjis");
    await page.goto("/ja/import");
    await page.getByLabel(/^ファイル（CSV/).check();
    const input = page.getByLabel("ファイル", { exact: true });
    await input.setInputFiles(join(fixtures, "shift-jis.csv"));
    await page.getByText("文字コード「Shift_JIS（日本語版 Excel の CSV の形式）」で読み込みました。").waitFor();
    const preview = page.getByRole("region", { name: "プレビュー" });
    await preview.getByText("1デッキ（5枚のカード）を作成します。").waitFor();
    expect(await preview.getByRole("row").nth(1).allTextContents()).toEqual(["犬いぬ（dog）"]);
    expect(await page.getByLabel("問題の列").locator("option").allTextContents()).toEqual(["表", "裏"]);
    await expectAccessible(page);

    // Bytes that are no known encoding: said plainly, not read as replacement characters.
    await input.setInputFiles({ name: "bytes.csv", mimeType: "text/csv", buffer: Buffer.from([0x41, 0xff, 0x42]) });
    await page
      .getByRole("alert")
      .getByText(/^ファイルの文字を読み取れません。/)
      .waitFor();

    // A NUL in a cell (the server refuses one) is taken out, counted, and the import goes through.
    const withNul = Buffer.from("a\u0000b,1\nc,2\nd,3\ne,4\n");
    await input.setInputFiles({ name: "nul.csv", mimeType: "text/csv", buffer: withNul });
    await page.getByText("文字コード「UTF-8」で読み込みました。").waitFor();
    const losses = preview.getByRole("list", { name: "取り込まれないもの" });
    await losses.getByText("保存できない1個の文字（NUL 文字や壊れた文字）はテキストから取り除かれます。").waitFor();
    expect(await preview.getByRole("row").nth(1).allTextContents()).toEqual(["ab1"]);
    await page.getByRole("button", { name: "取り込む", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "nul" }).waitFor();
  });

  it("refuses bad files with a clear message, creates nothing, and stays usable", async () => {
    const page = await session.newPage();
    await signUpConfirmed(page, "en", "badfiles");
    await page.goto("/en/import");
    await page.getByLabel(/^A file/).check();
    const input = page.getByLabel("File", { exact: true });
    const cases: [string, Buffer, string][] = [
      ["notes.apkg", Buffer.from("just some text, not a zip"), "This is not an Anki package"],
      ["broken.csv", Buffer.from('front,back\n"unclosed,quote\nnext,line\n'), "quoted field that is never closed"],
      ["empty.csv", Buffer.alloc(0), "The file or text is empty."],
      ["deck.pdf", Buffer.from("%PDF-1.4"), "This kind of file cannot be imported."],
    ];
    for (const [name, buffer, message] of cases) {
      await input.setInputFiles({ name, mimeType: "application/octet-stream", buffer });
      await page.getByRole("alert").getByText(message).waitFor();
      expect(await page.getByRole("button", { name: "Import", exact: true }).count()).toBe(0);
    }
    // 200 MB (a sparse file: nothing is uploaded, the page refuses it by its size before reading).
    const big = join(await mkdtemp(join(tmpdir(), "import-")), "huge.apkg");
    await truncate(await writeFile(big, "").then(() => big), 200 * 1024 * 1024);
    await input.setInputFiles(big);
    await page.getByRole("alert").getByText("The file is larger than 100 MB.").waitFor();
    // A truncated package, read by the worker.
    const whole = readFileSync(join(fixtures, "anki21-mixed-types.apkg"));
    await input.setInputFiles({
      name: "cut.apkg",
      mimeType: "application/octet-stream",
      buffer: whole.subarray(0, 30_000),
    });
    await page.getByRole("alert").getByText("The file is damaged or incomplete.").waitFor();
    // Still usable: a good file after the bad ones previews.
    await input.setInputFiles(join(fixtures, "anki21-mixed-types.apkg"));
    await page.getByRole("region", { name: "Preview" }).getByText("1 deck with 8 cards will be created.").waitFor();
    await page.getByText("1 media file in the package is not imported.").waitFor();
    await page.goto("/en/my_courses");
    await page.getByText(/You have not created any courses yet/).waitFor();
  });
});
