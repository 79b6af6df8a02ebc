import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../src/services/auth/redirect-target';

const apps = ['/chatgpt', 'https://kb.example.com/sso', 'https://copilot.microsoft.com/'];

describe('safeRedirect', () => {
  it.each([
    '//evil.com',
    'https://evil.com',
    '/\\evil.com',
    'javascript:alert(1)',
    'http://kb.example.com/x',
    'https://kb.example.com.evil.com/',
    '/\tfoo',
    '',
    'chatgpt',
  ])('refuses %j', (from) => {
    expect(safeRedirect(from, apps)).toBe('/home');
  });

  it.each([
    '/chatgpt/session?id=3',
    '/red/overview/insight',
    'https://kb.example.com/page?a=1',
    'https://copilot.microsoft.com/chats',
  ])('accepts %j', (from) => {
    expect(safeRedirect(from, apps)).toBe(from);
  });
});
