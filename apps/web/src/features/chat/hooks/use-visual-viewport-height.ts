import { useEffect } from 'react';

const VARIABLE = '--chat-viewport-height';

/**
 * Keeps `--chat-viewport-height` at the visual viewport's height while a chat screen is open. When a
 * phone's on-screen keyboard opens, browsers that do not resize the layout (iOS Safari, WeCom's and
 * Feishu's web views) shrink only the visual viewport; sizing the chat to it keeps the question box,
 * at the end of the flow, above the keyboard. Where the variable is unset, CSS falls back to 100dvh.
 */
export function useVisualViewportHeight(enabled: boolean): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!enabled || !viewport) return;
    const root = document.documentElement;
    let frame = 0;
    const apply = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        root.style.setProperty(VARIABLE, `${Math.round(viewport.height)}px`);
        // iOS scrolls the whole page up to show a focused field; the chat already fits, so undo it.
        if (viewport.offsetTop > 0 && window.scrollY > 0) window.scrollTo(0, 0);
      });
    };
    apply();
    viewport.addEventListener('resize', apply);
    viewport.addEventListener('scroll', apply);
    return () => {
      cancelAnimationFrame(frame);
      viewport.removeEventListener('resize', apply);
      viewport.removeEventListener('scroll', apply);
      root.style.removeProperty(VARIABLE);
    };
  }, [enabled]);
}
