import { afterEach, describe, expect, it } from 'vitest';
import { pathScript } from '../../build/route-preload-plugin';

const table = [
  {
    path: '^(?:/chatgpt|/deepseek)(?:/|$)',
    js: ['/assets/chat-a.js', '/assets/thread-b.js'],
    css: ['/assets/chat-c.css'],
  },
];

function run(pathname: string): HTMLLinkElement[] {
  window.history.replaceState(null, '', pathname);
  // The build serves this source as a module script; here it runs as a function body.
  new Function(pathScript(table))();
  return Array.from(document.head.querySelectorAll('link'));
}

describe('first-route preload script', () => {
  afterEach(() => document.head.replaceChildren());

  it('preloads the chat screens when the address opens a chat module', () => {
    const links = run('/deepseek/session');
    expect(links.map((l) => [l.rel, l.getAttribute('href')])).toEqual([
      ['preload', '/assets/chat-c.css'],
      ['modulepreload', '/assets/chat-a.js'],
      ['modulepreload', '/assets/thread-b.js'],
    ]);
    expect(links.find((l) => l.rel === 'preload')?.getAttribute('as')).toBe('style');
    // Like the stylesheet links Vite adds for lazy chunks, or the preload would not be used.
    expect(links.find((l) => l.rel === 'preload')?.hasAttribute('crossorigin')).toBe(true);
    expect(links.filter((l) => l.rel === 'modulepreload').every((l) => l.hasAttribute('crossorigin'))).toBe(true);
  });

  it('adds nothing for other addresses, including look-alike paths', () => {
    expect(run('/home')).toEqual([]);
    expect(run('/chatgpt-archive')).toEqual([]);
  });
});
