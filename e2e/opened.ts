import type { Locator } from 'playwright-core';
import { BROWSER_WAIT_MS } from './browser';

/**
 * Waits until what `target` finds (a dialog, a drawer, a popconfirm) is shown and done opening,
 * and returns it. While an antd overlay opens its panel moves: the zoom first lays it out at full
 * size, then shrinks it to grow from the press point. On a busy machine a click can press a
 * button in the laid-out panel and release on the mask once it shrinks: the click is lost and
 * the dialog stays open. Playwright checks only where the press lands.
 */
export async function opened(target: Locator): Promise<Locator> {
  await target.waitFor({ timeout: BROWSER_WAIT_MS });
  await target.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        // rc-motion's classes while entering: ant-zoom-appear, -appear-prepare, -start, -active.
        const entering = /-(appear|enter)(-(prepare|start|active))?$/;
        const moving = () => {
          for (let at: Element | null = element; at; at = at.parentElement) {
            if (Array.from(at.classList).some((name) => entering.test(name))) return true;
          }
          return false;
        };
        const check = () => (moving() ? requestAnimationFrame(check) : resolve());
        check();
      }),
  );
  return target;
}
