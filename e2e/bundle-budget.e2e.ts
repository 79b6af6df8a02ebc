import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesOf, pageBytes, readManifest, webDist, type PageBytes } from './bundle-bytes';

/**
 * Byte budgets of ARCHITECTURE.md, checked on the build `npm run test:e2e` has just made. The sizes
 * come from the build's files and manifest, never from timing, so the check is the same on any
 * machine. A failure lists the largest files.
 */

const KB = 1000;
/** First paint of `/login` and `/home`: JS, CSS and the page itself, gzip. */
const FIRST_SCREEN_BUDGET = 200 * KB;
/**
 * Extra JS of a chat route after `/home`: the chat screens and the markdown renderer (highlighting
 * and math load later, when an answer uses them). The architecture's budget is 120 KB; the chat
 * screens use their own question box, pickers, conversation list, welcome and 思考过程 block
 * instead of Ant Design X's Sender, Conversations, Welcome, Prompts and Think (which brought antd
 * Typography, Dropdown, Menu, Input, Tooltip and motion), and Ant Design X's fallback locale takes
 * antd's ES build instead of its CommonJS one: about 118.8 KB (205 KB before).
 */
const CHAT_ROUTE_BUDGET = 120 * KB;
const CHAT_ROUTE_GOAL = 120 * KB;

const bytes = pageBytes();

function explain(name: string, page: PageBytes): string {
  const top = page.files
    .slice(0, 8)
    .map((f) => `  ${f.gzip} B  ${f.file}`)
    .join('\n');
  return `${name}: JS ${page.js} B, CSS ${page.css} B, HTML ${page.html} B gzip; largest:\n${top}`;
}

describe('byte budgets (gzip)', () => {
  it('/login stays within the first-screen budget', () => {
    expect(bytes.login.total, explain('/login', bytes.login)).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET);
  });

  it('/home stays within the first-screen budget', () => {
    expect(bytes.home.total, explain('/home', bytes.home)).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET);
  });

  it('a chat route adds no more than its budget after /home', () => {
    expect(bytes.chatExtra.js, explain('chat route', bytes.chatExtra)).toBeLessThanOrEqual(CHAT_ROUTE_BUDGET);
    // Kept in view: the budget may only move towards the goal.
    expect(CHAT_ROUTE_BUDGET).toBeGreaterThanOrEqual(CHAT_ROUTE_GOAL);
  });

  it('measures the pages it claims to (the manifest names their files)', () => {
    expect(bytes.login.files.some((f) => f.file === 'login.html')).toBe(true);
    // The catalogue and the chat welcome screen are grouped into the first-screen chunks
    // (build/first-screen-chunks.ts): the entry's chunk and chat-welcome.
    const manifest = readManifest();
    expect(bytes.home.files.some((f) => f.file === manifest['src/app/routes/home.tsx']?.file)).toBe(true);
    for (const screen of ['chat-welcome', 'session-screen', 'markdown'])
      expect(bytes.chatExtra.files.some((f) => new RegExp(`assets/${screen}-.*\\.js$`).test(f.file))).toBe(true);
    for (const module of ['src/features/chat/welcome-screen.ts', 'src/features/chat/route-prefetch.ts'])
      expect(bytes.chatExtra.files.some((f) => f.file === manifest[module]?.file)).toBe(true);
  });

  it('the chat welcome screen and its prefetch load neither the response schemas nor the event stream', () => {
    // Both come with the first question (session screen chunk) or the first checked response
    // (parsers chunk); the markers are strings of zod's core and of the event-stream client.
    const files = [
      ...filesOf(readManifest(), ['src/features/chat/welcome-screen.ts', 'src/features/chat/route-prefetch.ts']),
    ];
    const scripts = files.filter((file) => file.endsWith('.js'));
    expect(scripts.some((file) => /assets\/chat-welcome-/.test(file))).toBe(true);
    for (const file of scripts) {
      const source = readFileSync(join(webDist, file), 'utf8');
      expect(source.includes('_zod'), `${file} holds zod`).toBe(false);
      expect(source.includes('text/event-stream'), `${file} holds the event-stream client`).toBe(false);
    }
  });
});
