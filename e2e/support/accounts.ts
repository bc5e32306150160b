/** Account steps as a person takes them: through the dialogs and the development outbox. */
import type { Page } from "playwright-core";

import { newEmail } from "../../harness/fixtures";

export { newEmail };

const texts = {
  en: {
    open: "Sign in / Sign up",
    signUp: "Sign up",
    signIn: "Sign in",
    email: "Email",
    password: "Password",
    confirm: "Confirm password",
  },
  ja: {
    open: "ログイン / 新規登録",
    signUp: "新規登録",
    signIn: "ログイン",
    email: "メールアドレス",
    password: "パスワード",
    confirm: "パスワード（確認）",
  },
};

export async function signUp(page: Page, email: string, password: string, language: "en" | "ja" = "en") {
  const t = texts[language];
  await page.getByRole("banner").getByRole("button", { name: t.open }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: t.signUp }).click();
  await dialog.getByLabel(t.email).fill(email);
  await dialog.getByLabel(t.password, { exact: true }).fill(password);
  await dialog.getByLabel(t.confirm).fill(password);
  await dialog.locator("form").getByRole("button", { name: t.signUp }).click();
}

export async function signIn(page: Page, email: string, password: string, language: "en" | "ja" = "en") {
  const t = texts[language];
  await page.getByRole("banner").getByRole("button", { name: t.open }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(t.email).fill(email);
  await dialog.getByLabel(t.password, { exact: true }).fill(password);
  await dialog.locator("form").getByRole("button", { name: t.signIn, exact: true }).click();
}

/** Opens /dev/outbox and follows the link of the newest mail to `email`. */
export async function followMailLink(page: Page, email: string) {
  await page.goto("/dev/outbox");
  await page.getByRole("article").filter({ hasText: email }).first().getByRole("link").click();
}

export async function signOut(page: Page, email: string, language: "en" | "ja" = "en") {
  const [menu, item] = language === "en" ? ["Account menu for", "Sign Out"] : ["のアカウントメニュー", "ログアウト"];
  await page
    .getByRole("button", { name: new RegExp(menu) })
    .filter({ hasText: email })
    .click();
  await page.getByRole("menuitem", { name: item }).click();
}

/** A new account, confirmed through the outbox and signed in; the page ends on the landing page. */
export async function signUpConfirmed(page: Page, language: "en" | "ja" = "en", label = "person") {
  const email = newEmail(label);
  const password = "long-enough-1";
  await page.goto(`/${language}/`);
  await signUp(page, email, password, language);
  await page.getByRole("dialog").getByText(email).waitFor();
  await followMailLink(page, email);
  await page.waitForURL((url) => url.pathname === `/${language}/`, { timeout: 10_000 });
  return { email, password };
}
