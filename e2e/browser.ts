import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, never a downloaded one. */
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Browsers of the running file, and what their pages logged, for the failure report (failure-report.setup.ts). */
export const openBrowsers = new Set<Browser>();
export const pageLogs = new WeakMap<Page, string[]>();
/** Requests each page has sent and not yet seen answered: a page stuck loading names what it waits for. */
export const pendingRequests = new WeakMap<Page, Set<string>>();

/** Keeps the last lines a page logged: errors, failed requests, navigations. */
function watchPage(page: Page) {
  const lines: string[] = [];
  pageLogs.set(page, lines);
  const add = (line: string) => lines.push(line) > 40 && lines.shift();
  page.on('pageerror', (error) => add(`pageerror: ${error.message}`));
  page.on(
    'console',
    (message) =>
      (message.type() === 'error' || message.type() === 'warning') &&
      add(`console.${message.type()}: ${message.text()}`),
  );
  page.on('requestfailed', (request) => add(`request failed: ${request.url()} ${request.failure()?.errorText}`));
  page.on('response', (response) => response.status() >= 400 && add(`${response.status()} ${response.url()}`));
  page.on('framenavigated', (frame) => frame === page.mainFrame() && add(`navigated: ${frame.url()}`));
  const pending = new Set<string>();
  pendingRequests.set(page, pending);
  page.on('request', (request) => pending.add(request.url()));
  page.on('requestfinished', (request) => pending.delete(request.url()));
  page.on('requestfailed', (request) => pending.delete(request.url()));
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await launch();
  openBrowsers.add(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', watchPage);
    return context;
  };
  return browser;
}

function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** How long a browser step may wait for the page (playwright's own default is 30 s). */
export const BROWSER_WAIT_MS = 60_000;

/** The phone width every layout is checked at. */
export const PHONE_WIDTH = 390;

/** A phone as staff hold it inside WeCom, Feishu or DingTalk: 390 px wide, a 2× touch screen. */
export const PHONE = {
  viewport: { width: PHONE_WIDTH, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} as const;

/** A browser context whose waits are sized for a busy 2-core machine running the whole suite. */
export async function newContext(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0],
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(BROWSER_WAIT_MS);
  return context;
}

export async function newPage(browser: Browser, baseUrl: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, {
    baseURL: baseUrl,
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  return { context, page };
}

/** Fills the built-in identity provider's login form (fields `login` and `password`). */
export async function submitProviderLogin(page: Page, login: string, password: string): Promise<void> {
  await page.waitForSelector('input[name="login"]');
  await page.fill('input[name="login"]', login);
  await page.fill('input[name="password"]', password);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith('/oidc/')),
    page.click('button[type="submit"]'),
  ]);
}
