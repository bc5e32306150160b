import { describe, expect, it } from "vitest";
import { followMailLink, newEmail, signIn, signOut, signUp, signUpConfirmed } from "./support/accounts";
import { expectAccessible, setupBrowser } from "./support/browser";

const session = setupBrowser();

describe("an account from sign-up to a changed password", () => {
  it("signs up, confirms by mail, keeps the language, and changes the password", async () => {
    const email = newEmail();
    const page = await session.newPage();
    await session.visit(page, "/en/home");

    // Sign up: the confirmation message replaces the form.
    await signUp(page, email, "first-password-1");
    await page.getByRole("dialog").getByText(`we sent a confirmation link to ${email}`).waitFor();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    expect(await page.getByRole("dialog").count()).toBe(0);

    // Confirm through the outbox: success, then on to the start page, signed in.
    await followMailLink(page, email);
    await page.waitForURL("**/confirm-signup");
    await page.getByRole("status").getByText("Your email address is confirmed").waitFor();
    await expectAccessible(page);
    await page.waitForURL((url) => url.pathname === "/en/", { timeout: 10_000 });
    await page.getByRole("button", { name: `Account menu for ${email}` }).waitFor();

    // Sign out and in again through the dialog.
    await signOut(page, email);
    await page.getByRole("banner").getByRole("button", { name: "Sign in / Sign up" }).waitFor();
    await signIn(page, email, "first-password-1");
    await page.getByRole("button", { name: `Account menu for ${email}` }).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);

    // Japanese, saved for the account.
    await page.getByRole("button", { name: /Language/ }).click();
    await page.getByRole("menuitemradio", { name: "日本語" }).click();
    await page.waitForURL((url) => url.pathname === "/ja/");
    await signOut(page, email, "ja");
    await page.getByRole("banner").getByRole("button", { name: "ログイン / 新規登録" }).waitFor();

    // A fresh browser in English, at an address without a language: signing in brings the stored
    // Japanese back.
    const fresh = await session.newPage({ locale: "en-US" });
    await fresh.goto("/home");
    await fresh.waitForURL("**/en/home");
    await signIn(fresh, email, "first-password-1");
    await fresh.waitForURL("**/ja/home");
    await fresh.getByRole("heading", { level: 1, name: "ホーム" }).waitFor();

    // An address with a language wins over the stored one (#23): the same account opens /en/home.
    const cookie = (await fresh.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const linked = await session.signedInPage(cookie);
    const profileRead = linked.waitForResponse((reply) => new URL(reply.url()).pathname === "/api/profile");
    await session.visit(linked, "/en/home");
    await profileRead;
    await linked.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(new URL(linked.url()).pathname).toBe("/en/home");
    await linked.getByRole("heading", { level: 1, name: "Home" }).waitFor();

    // Change the password (in Japanese), then only the new one works.
    await fresh.getByRole("button", { name: `${email} のアカウントメニュー` }).click();
    await fresh.getByRole("menuitem", { name: "パスワードを変更" }).click();
    const dialog = fresh.getByRole("dialog", { name: "パスワードの変更" });
    await dialog.getByLabel("現在のパスワード").fill("not-my-password");
    await dialog.getByLabel("新しいパスワード", { exact: true }).fill("second-password-2");
    await dialog.getByLabel("新しいパスワード（確認）").fill("second-password-2");
    await dialog.getByRole("button", { name: "パスワードを変更" }).click();
    await dialog.getByRole("alert").getByText("現在のパスワードが正しくありません。").waitFor();
    await expectAccessible(fresh);
    await dialog.getByLabel("現在のパスワード").fill("first-password-1");
    await dialog.getByRole("button", { name: "パスワードを変更" }).click();
    await fresh.getByText("パスワードを変更しました。").waitFor();
    await signOut(fresh, email, "ja");

    await signIn(fresh, email, "first-password-1", "ja");
    await fresh
      .getByRole("dialog")
      .getByRole("alert")
      .getByText("メールアドレスまたはパスワードが正しくありません。")
      .waitFor();
    await fresh.keyboard.press("Escape");
    await signIn(fresh, email, "second-password-2", "ja");
    await fresh.getByRole("button", { name: `${email} のアカウントメニュー` }).waitFor();
  });
});

describe("sign-up and sign-in errors", () => {
  it("shows mismatched passwords, an already registered email, and an unconfirmed account", async () => {
    const email = newEmail("twice");
    const page = await session.newPage();
    await session.visit(page, "/en/");

    await page.getByRole("banner").getByRole("button", { name: "Sign in / Sign up" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Sign up" }).click();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill("some-password-1");
    await dialog.getByLabel("Confirm password").fill("other-password-1");
    await dialog.locator("form").getByRole("button", { name: "Sign up" }).click();
    await dialog.getByRole("alert").getByText("Passwords do not match").waitFor();
    await page.keyboard.press("Escape");

    await signUp(page, email, "some-password-1");
    await page.getByRole("dialog").getByText("we sent a confirmation link").waitFor();
    await page.keyboard.press("Escape");

    // Closing reset the dialog to sign-in; the same email again is refused.
    await signUp(page, email, "some-password-1");
    await page.getByRole("dialog").getByRole("alert").getByText("This email address is already registered.").waitFor();
    await page.keyboard.press("Escape");

    await signIn(page, email, "some-password-1");
    await page.getByRole("dialog").getByRole("alert").getByText("Confirm your email address first").waitFor();
  });

  it("asks for an email before sending a reset link", async () => {
    const page = await session.newPage();
    await session.visit(page, "/en/");
    await page.getByRole("banner").getByRole("button", { name: "Sign in / Sign up" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Forgot your password?" }).click();
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await dialog.getByRole("alert").getByText("Enter your email address to reset your password.").waitFor();
    await dialog.getByRole("button", { name: "Back to sign in" }).click();
    await dialog.getByRole("heading", { name: "Sign in" }).waitFor();
  });
});

describe("password recovery", () => {
  it("mails a link whose page sets a new password that works, once", async () => {
    const email = newEmail("forgetful");
    const page = await session.newPage();
    await session.visit(page, "/en/");
    await signUp(page, email, "old-password-1");
    await page.getByRole("dialog").getByText("we sent a confirmation link").waitFor();
    await followMailLink(page, email);
    await page.waitForURL((url) => url.pathname === "/en/", { timeout: 10_000 });
    await signOut(page, email);

    await page.getByRole("banner").getByRole("button", { name: "Sign in / Sign up" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Forgot your password?" }).click();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await dialog.getByText(`If an account exists for ${email}`).waitFor();
    await page.keyboard.press("Escape");

    await followMailLink(page, email);
    await page.waitForURL("**/reset-password?**");
    const resetUrl = page.url();
    await page.getByRole("heading", { level: 1, name: "Reset password" }).waitFor();
    await expectAccessible(page);
    await page.getByLabel("New password", { exact: true }).fill("new-password-2");
    await page.getByLabel("Confirm new password").fill("new-password-3");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByRole("alert").getByText("Passwords do not match").waitFor();
    await page.getByLabel("Confirm new password").fill("new-password-2");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByRole("status").getByText("Your password was changed.").waitFor();

    // Then /signin: the user home with the sign-in dialog open.
    await page.waitForURL("**/en/signin", { timeout: 10_000 });
    await page.getByRole("dialog", { name: "Sign in" }).waitFor();
    await page.getByRole("dialog").getByLabel("Email").fill(email);
    await page.getByRole("dialog").getByLabel("Password", { exact: true }).fill("new-password-2");
    await page.getByRole("dialog").locator("form").getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL("**/en/home");
    await page.getByRole("button", { name: `Account menu for ${email}` }).waitFor();

    // The same link a second time: the token is spent.
    await page.goto(resetUrl);
    await page.getByLabel("New password", { exact: true }).fill("third-password-3");
    await page.getByLabel("Confirm new password").fill("third-password-3");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByRole("alert").getByText("Invalid or expired reset token.").waitFor();
    await page.getByRole("link", { name: "Request a new link" }).waitFor();
  });

  it("explains a reset link without its parameters, in both languages", async () => {
    const page = await session.newPage();
    await session.visit(page, "/reset-password");
    await page.getByRole("alert").getByText("This password reset link is not valid").waitFor();
    expect(await page.getByLabel("New password", { exact: true }).count()).toBe(0);

    const japanese = await session.newPage({ locale: "ja-JP" });
    await session.visit(japanese, "/reset-password?token=abc");
    await japanese.getByRole("alert").getByText("このパスワード再設定リンクは無効です").waitFor();
  });

  it("shows the confirmation failure for a bad link, then goes to the start page", async () => {
    const page = await session.newPage();
    await session.visit(page, "/confirm-signup?error=INVALID_TOKEN");
    await page.getByRole("alert").getByText("We could not confirm your email address").waitFor();
    await page.waitForURL((url) => url.pathname === "/en/", { timeout: 10_000 });
  });
});

describe("a sign-in lockout (issue #21, item 13)", () => {
  /** Ten wrong passwords from one address: the account then refuses addresses it does not know. */
  async function attack(baseURL: string, email: string) {
    const attacker = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${baseURL}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { origin: baseURL, "content-type": "application/json", "x-forwarded-for": attacker },
        body: JSON.stringify({ email, password: `wrong-guess-${i}` }),
      });
      expect(res.status).toBe(401);
    }
  }
  /** A browser at an address the account has never used (the server trusts X-Forwarded-For here). */
  const newAddress = () => ({ "x-forwarded-for": `203.0.113.${Math.floor(Math.random() * 250) + 1}` });

  it("offers a sign-in link on the lockout, mails it, and the link signs the owner in, in both languages", async () => {
    const home = await session.newPage();
    const { email, password } = await signUpConfirmed(home, "en", "locked");
    await attack(session.baseURL, email);

    const traveller = await session.newPage({ extraHTTPHeaders: newAddress(), viewport: { width: 390, height: 844 } });
    await session.visit(traveller, "/en/");
    await signIn(traveller, email, password);
    const dialog = traveller.getByRole("dialog", { name: "Sign in" });
    await dialog.getByRole("alert").getByText("get a sign-in link by email to sign in right away").waitFor();
    const offer = dialog.getByRole("button", { name: "Email me a sign-in link" });
    await expectAccessible(traveller);
    await offer.focus();
    await traveller.keyboard.press("Enter");
    await dialog
      .getByRole("status")
      .getByText(`If an account exists for ${email}, we sent it a sign-in link.`)
      .waitFor();
    await expectAccessible(traveller);
    await traveller.keyboard.press("Escape");

    // The outbox answers only this machine's own address: read the link there, open it in the traveller's browser.
    await home.goto("/dev/outbox");
    const link = await home
      .getByRole("article")
      .filter({ hasText: email })
      .first()
      .getByRole("link")
      .getAttribute("href");
    await traveller.goto(link ?? "");
    await traveller.waitForURL("**/sign-in-link");
    await traveller.getByRole("status").getByText("You are signed in.").waitFor();
    await traveller.waitForURL((url) => url.pathname === "/en/", { timeout: 10_000 });
    await traveller.getByRole("button", { name: `Account menu for ${email}` }).waitFor();

    // In Japanese, from yet another address.
    const japanese = await session.newPage({
      locale: "ja-JP",
      extraHTTPHeaders: newAddress(),
      viewport: { width: 390, height: 844 },
    });
    await session.visit(japanese, "/ja/");
    await signIn(japanese, email, password, "ja");
    const jaDialog = japanese.getByRole("dialog", { name: "ログイン" });
    await jaDialog.getByRole("alert").getByText("メールでログイン用リンクを受け取るとすぐにログインできます").waitFor();
    await jaDialog.getByRole("button", { name: "ログイン用リンクを送信" }).focus();
    await japanese.keyboard.press("Enter");
    await jaDialog
      .getByRole("status")
      .getByText(`${email} のアカウントが存在する場合、ログイン用リンクを送信しました。`)
      .waitFor();
    await expectAccessible(japanese);
  });

  it("says so when a sign-in link has expired or was used, in both languages", async () => {
    const page = await session.newPage();
    await session.visit(page, "/sign-in-link?error=INVALID_TOKEN");
    await page.getByRole("alert").getByText("This sign-in link has expired or was used already.").waitFor();
    // The way back stays until chosen, and takes the keyboard.
    await page.getByRole("link", { name: "Sign in" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Sign in" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/en/signin");

    const japanese = await session.newPage({ locale: "ja-JP" });
    await session.visit(japanese, "/sign-in-link?error=INVALID_TOKEN");
    await japanese.getByRole("alert").getByText("このログイン用リンクは有効期限が切れているか").waitFor();
    await japanese.getByRole("link", { name: "ログインへ" }).waitFor();
  });
});

describe("the outbox page", () => {
  it("lists mail newest first with its links", async () => {
    const page = await session.newPage();
    await page.goto("/dev/outbox");
    await page.getByRole("heading", { level: 1, name: "Outbox" }).waitFor();
    await expectAccessible(page);
  });
});
