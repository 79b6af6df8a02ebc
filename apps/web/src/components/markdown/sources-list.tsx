import type { MouseEvent } from 'react';
import { normalizeSourceUrl, type Citation } from './citations';
import { safeLinkUrl } from './safe-url';

export interface SourcesListProps {
  citations: readonly Citation[];
  onLinkClick?: (href: string, event: MouseEvent<HTMLAnchorElement>) => void;
  className?: string;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Compact numbered list of an answer's sources, matching the `[n]` marks in the text. */
export function SourcesList({ citations, onLinkClick, className }: SourcesListProps) {
  if (citations.length === 0) return null;
  return (
    <ol className={['md-sources', className ?? ''].filter(Boolean).join(' ')} aria-label="参考来源">
      {citations.map((citation, i) => {
        const href = safeLinkUrl(normalizeSourceUrl(citation.url));
        const label = citation.title || hostOf(citation.url);
        return (
          <li key={`${i}-${citation.url}`} value={i + 1}>
            {href ? (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer nofollow"
                title={citation.url}
                onClick={(event) => onLinkClick?.(href, event)}
              >
                {label}
              </a>
            ) : (
              <span>{label}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
