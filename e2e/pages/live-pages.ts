import { expect, type Locator, type Page, type Response } from '@playwright/test';

/**
 * Resolves once the page's live event stream (GET api/events/, DESIGN.md section 13) is open:
 * the server subscribes the stream before it answers, so from then on nothing is missed. Call it
 * before the navigation that opens the app.
 */
export function liveStreamOpened(page: Page): Promise<Response> {
  return page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events/' && r.status() === 200);
}

/** /chat and /chat/<id>: the conversation list, the open thread and its composer. */
export class ChatPage {
  readonly thread: Locator;
  readonly messages: Locator;
  readonly composer: Locator;
  readonly input: Locator;
  readonly title: Locator;
  /** The sidebar's unread count on the Chat entry (desktop). */
  readonly navBadge: Locator;

  constructor(readonly page: Page) {
    this.thread = page.getByRole('log', { name: 'Xabarlar' });
    this.messages = this.thread.getByTestId('chat-message');
    this.composer = page.getByRole('form', { name: 'Xabar yozish' });
    this.input = this.composer.getByLabel('Xabar', { exact: true });
    this.title = page.getByTestId('thread-title');
    this.navBadge = page.getByTestId('sidebar').getByTestId('nav-badge-/chat');
  }

  conversation(id: number): Locator {
    return this.page.getByTestId(`conversation-${id}`);
  }

  unread(id: number): Locator {
    return this.page.getByTestId(`conversation-unread-${id}`);
  }

  /** Types a message and sends it with Enter (Shift+Enter makes the line breaks). */
  async send(text: string): Promise<void> {
    const lines = text.split('\n');
    await this.input.click();
    for (const [i, line] of lines.entries()) {
      if (i > 0) await this.input.press('Shift+Enter');
      await this.input.pressSequentially(line);
    }
    await this.input.press('Enter');
    await expect(this.input).toHaveValue('');
  }
}

/** The bell in the top bar and its panel. */
export class Bell {
  readonly button: Locator;
  readonly count: Locator;
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.button = page.getByRole('button', { name: 'Bildirishnomalar' }).filter({ visible: true });
    this.count = this.button.getByTestId('notification-count');
    this.panel = page.getByRole('dialog', { name: 'Bildirishnomalar' });
  }

  async open(): Promise<void> {
    await this.button.click();
    await expect(this.panel).toBeVisible();
  }
}
