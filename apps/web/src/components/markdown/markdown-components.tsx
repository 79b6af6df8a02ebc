import type { MouseEvent, ReactNode } from 'react';
import type { Components } from 'react-markdown';
import { SmartImage } from '../smart-image';
import { CodeBlock } from './code-block';
import { mayLoadImage, parseUrl } from '../../lib/image-hosts';
import { safeImageUrl, safeLinkUrl } from './safe-url';

export type LinkClickHandler = (href: string, event: MouseEvent<HTMLAnchorElement>) => void;

interface HeadingProps {
  children?: ReactNode;
}

/** Levels 7 and 8 do not exist in HTML; ARIA keeps them headings for assistive technology. */
function DeepHeading({ level, children }: HeadingProps & { level: 7 | 8 }) {
  return (
    <div role="heading" aria-level={level} className={`md-h${level}`}>
      {children}
    </div>
  );
}

function classNameOf(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.join(' ');
  return typeof value === 'string' ? value : undefined;
}

/**
 * Answer headings 1..6 render as levels 3..8 (spec section 5) so they sit below the page's own.
 * `getLinkClick` is read at click time so a new handler never invalidates memoised blocks.
 */
export function createComponents(getLinkClick: () => LinkClickHandler | undefined): Components {
  return {
    h1: ({ children }) => <h3>{children}</h3>,
    h2: ({ children }) => <h4>{children}</h4>,
    h3: ({ children }) => <h5>{children}</h5>,
    h4: ({ children }) => <h6>{children}</h6>,
    h5: ({ children }) => <DeepHeading level={7}>{children}</DeepHeading>,
    h6: ({ children }) => <DeepHeading level={8}>{children}</DeepHeading>,
    a: ({ href, title, children, className }) => {
      const safe = safeLinkUrl(href);
      if (!safe) return <span className="md-unsafe-link">{children}</span>;
      return (
        <a
          href={safe}
          title={title}
          className={classNameOf(className)}
          target="_blank"
          rel="noopener noreferrer nofollow"
          onClick={(event) => getLinkClick()?.(safe, event)}
        >
          {children}
        </a>
      );
    },
    img: ({ src, alt, title }) => {
      const safe = safeImageUrl(typeof src === 'string' ? src : undefined);
      if (!safe) return alt ? <span className="md-image-alt">{alt}</span> : null;
      if (!mayLoadImage(safe)) {
        // Not loaded, not even through the proxy: the host would get the address. Opening it is
        // the user's own choice, as with any link of the answer.
        return (
          <a
            href={safe}
            title={`未自动加载的外部图片：${safe}`}
            className="md-image-link"
            target="_blank"
            rel="noopener noreferrer nofollow"
            onClick={(event) => getLinkClick()?.(safe, event)}
          >
            图片：{alt || parseUrl(safe)?.host || safe}
          </a>
        );
      }
      return <SmartImage src={safe} alt={alt ?? ''} title={title} fit="contain" className="md-image" />;
    },
    table: ({ children }) => (
      <div className="md-table-wrap">
        <table>{children}</table>
      </div>
    ),
    pre: ({ node, children }) => <CodeBlock node={node}>{children}</CodeBlock>,
  };
}
