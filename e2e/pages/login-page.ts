import { expect, type Locator, type Page } from '@playwright/test';

/** The public auth pages of spec.md section 2: Login, Forgot password, Verify code, Set new password. */
export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly notice: Locator;
  readonly forgotLink: Locator;
  readonly slideshow: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: /^(Login|Logging in\.\.\.)$/ });
    this.error = page.getByRole('alert');
    this.notice = page.getByRole('status');
    this.forgotLink = page.getByRole('link', { name: 'Parolni unutdingizmi?' });
    this.slideshow = page.getByTestId('login-slideshow');
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.submit).toBeVisible();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}

export class ForgotPasswordPage {
  readonly email: Locator;
  readonly send: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email', { exact: true });
    this.send = page.getByRole('button', { name: 'Send Code' });
  }

  /** Asks for a code; its answer's status, so that a refusal shows in the test's failure. */
  async requestCode(email: string): Promise<number> {
    // React Router renders a navigation as a transition: until this page is committed, the login
    // page (which has an Email field too) stays on screen, and a fill would land in it.
    await expect(this.send).toBeVisible();
    await this.email.fill(email);
    await expect(this.email).toHaveValue(email);
    const answer = this.page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/auth/forgot-password/') && response.request().method() === 'POST',
    );
    await this.send.click();
    return (await answer).status();
  }
}

export class VerifyCodePage {
  readonly heading: Locator;
  readonly code: Locator;
  readonly submit: Locator;
  readonly resend: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Verify Code' });
    this.code = page.getByLabel('Kod', { exact: true });
    this.submit = page.getByRole('button', { name: /^(Submit|Verifying\.\.\.)$/ });
    this.resend = page.getByRole('button', {
      name: /^(Resend in \d+s|Kodni qayta yuborish|Yuborilmoqda\.\.\.)$/,
    });
    this.error = page.getByRole('alert');
  }

  async enter(code: string): Promise<void> {
    await this.code.fill(code);
    await this.submit.click();
  }

  /** The number of the 'Resend in {n}s' label. */
  async resendSecondsLeft(): Promise<number> {
    const text = (await this.resend.textContent()) ?? '';
    const match = /^Resend in (\d+)s$/.exec(text.trim());
    expect(match, `resend label "${text}"`).not.toBeNull();
    return Number(match?.[1]);
  }
}

export class SetPasswordPage {
  readonly password: Locator;
  readonly confirm: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.password = page.getByLabel('Create New Password', { exact: true });
    this.confirm = page.getByLabel('Re-enter New Password', { exact: true });
    this.submit = page.getByRole('button', { name: /^(Set Password|Setting\.\.\.)$/ });
    this.error = page.getByRole('alert');
  }

  async setPassword(password: string, confirm = password): Promise<void> {
    await this.password.fill(password);
    await this.confirm.fill(confirm);
    await this.submit.click();
  }
}
