import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openBrowsers, pageLogs, pendingRequests } from './browser';

/**
 * When a browser test fails, prints where each open page stands (address, visible text, what it
 * logged) and saves a screenshot under E2E_ARTIFACTS (default /tmp/e2e-artifacts): a failure on
 * a CI machine can then be read without rerunning it.
 */
const artifacts = process.env.E2E_ARTIFACTS ?? '/tmp/e2e-artifacts';

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  mkdirSync(artifacts, { recursive: true });
  const pages = [...openBrowsers].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
  for (const [index, page] of pages.entries()) {
    const name = `${task.name.replace(/[^\w\u4e00-\u9fff]+/g, '-').slice(0, 60)}-${index}.png`;
    const text = await page
      .locator('body')
      .innerText({ timeout: 2000 })
      .catch(() => '(no text)');
    await page.screenshot({ path: join(artifacts, name), timeout: 5000 }).catch(() => undefined);
    console.error(
      [
        `--- page ${index} of failed test "${task.name}": ${page.url()} (screenshot ${join(artifacts, name)})`,
        `text: ${text.replace(/\s+/g, ' ').slice(0, 400)}`,
        ...(pageLogs.get(page) ?? []),
        ...[...(pendingRequests.get(page) ?? [])].map((url) => `still waiting for: ${url}`),
      ].join('\n'),
    );
  }
});
