const TITLE_CHARS = 20;
export const DEFAULT_TITLE = '新对话';

/** A conversation title from its first question: the first characters on one line. */
export function titleFromPrompt(prompt: string): string {
  const flat = prompt.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.slice(0, TITLE_CHARS).join('').trim() || DEFAULT_TITLE;
}
