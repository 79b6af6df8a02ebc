import type { ReactNode } from 'react';

/*
 * The chat screens' loading and empty states as plain elements in antd's look: antd Skeleton and
 * Empty were about 5 KB gzip of the chat route for a few grey lines and a line of text.
 */

/** Grey lines while a list or the messages load. */
export function LoadingLines({ rows, title = false }: { rows: number; title?: boolean }) {
  return (
    <div className="chat-loading-lines" role="status" aria-label="加载中">
      {title ? <span className="chat-loading-line chat-loading-title" /> : null}
      {Array.from({ length: rows }, (_, row) => (
        <span key={row} className="chat-loading-line" />
      ))}
    </div>
  );
}

/** A quiet line of text for an empty or failed list, with an optional action under it. */
export function ListNote({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="chat-list-note">
      <p>{text}</p>
      {children}
    </div>
  );
}
