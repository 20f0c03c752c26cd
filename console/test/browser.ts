import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

/** The system's Chromium (Debian's `chromium` package); playwright-core never downloads one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  /** A new tab: its sessionStorage starts empty, as a person's new tab would. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/** Headless Chromium on a fresh profile directory, removed on close. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: the web console's tests drive the system's Chromium. Install it (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'console-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    // Clipboard access for the copy buttons, as a person granting it would.
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  context.setDefaultTimeout(10_000);
  return {
    context,
    newPage: () => context.newPage(),
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * With CONSOLE_SCREENSHOTS set to a directory (docs/console, say), saves the page as `<name>.png`
 * there; otherwise does nothing. The documentation's screenshots come from the tests' real pages.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const directory = process.env.CONSOLE_SCREENSHOTS;
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  // Let fonts and the last render settle, and take no focus ring or caret into the picture.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: path.join(directory, `${name}.png`), fullPage: true, caret: 'hide', animations: 'disabled' });
}
