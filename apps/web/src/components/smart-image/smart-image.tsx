import { IMAGE_PLACEHOLDER_BG } from '@portal/contract';
import { useEffect, useState, type CSSProperties } from 'react';
import { imageProxyPath, useFetchProxied, type FetchProxied } from './smart-image-context';
import './smart-image.css';

export type SmartImageState = 'loading' | 'loaded' | 'failed';
type Attempt = 'direct' | 'no-referrer' | 'proxy';

export interface SmartImageProps {
  src: string;
  alt?: string;
  title?: string;
  fit?: 'cover' | 'contain';
  width?: number | string;
  height?: number | string;
  className?: string;
  style?: CSSProperties;
  /** Overrides the SmartImageProvider's fetcher. */
  fetchProxied?: FetchProxied;
  onStateChange?: (state: SmartImageState) => void;
}

interface Status {
  src: string;
  attempt: Attempt;
  state: SmartImageState;
  objectUrl: string | null;
}

const initial = (src: string): Status => ({ src, attempt: 'direct', state: 'loading', objectUrl: null });

function BrokenImageIcon() {
  return (
    <svg className="smart-image__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M21 5v6.59l-3-3.01-4 4.01-4-4-4 4-3-3.01V5c0-1.1.9-2 2-2h14c1.1 0 2 .9 2 2zm-3 6.42 3 3.01V19c0 1.1-.9 2-2 2H5c-1.1 0-2-.9-2-2v-6.58l3 2.99 4-4 4 4 4-3.99z"
      />
    </svg>
  );
}

/**
 * Section 4 image loading: loading → loaded | failed. A failed image is tried again without a
 * referrer (hotlink protection), then once through the authenticated image proxy, then replaced
 * by a placeholder.
 */
export function SmartImage({
  src,
  alt = '',
  title,
  fit = 'cover',
  width,
  height,
  className,
  style,
  fetchProxied: fetchProxiedProp,
  onStateChange,
}: SmartImageProps) {
  const fromContext = useFetchProxied();
  const fetchProxied = fetchProxiedProp ?? fromContext;
  const [status, setStatus] = useState<Status>(() => initial(src));
  const current = status.src === src ? status : initial(src);
  if (current !== status) setStatus(current);

  const { attempt, state, objectUrl } = current;

  useEffect(() => {
    onStateChange?.(state);
  }, [state, onStateChange]);

  useEffect(() => {
    if (attempt !== 'proxy' || objectUrl || state !== 'loading') return;
    if (!fetchProxied) {
      setStatus((s) => (s.src === src ? { ...s, state: 'failed' } : s));
      return;
    }
    let alive = true;
    fetchProxied(imageProxyPath(src)).then(
      (blob) => {
        const url = URL.createObjectURL(blob);
        if (!alive) {
          URL.revokeObjectURL(url);
          return;
        }
        setStatus((s) => (s.src === src ? { ...s, objectUrl: url } : s));
      },
      () => {
        if (alive) setStatus((s) => (s.src === src ? { ...s, state: 'failed' } : s));
      },
    );
    return () => {
      alive = false;
    };
  }, [attempt, objectUrl, state, src, fetchProxied]);

  // The object URL lives as long as this image shows it.
  useEffect(() => {
    if (!objectUrl) return;
    return () => URL.revokeObjectURL(objectUrl);
  }, [objectUrl]);

  const onError = () =>
    setStatus((s) => {
      if (s.src !== src) return s;
      if (s.attempt === 'direct') return { ...s, attempt: 'no-referrer' };
      if (s.attempt === 'no-referrer') return { ...s, attempt: 'proxy' };
      // Dropping the object URL lets the effect below revoke it right away.
      return { ...s, state: 'failed', objectUrl: null };
    });
  const onLoad = () => setStatus((s) => (s.src === src ? { ...s, state: 'loaded' } : s));

  const sized = width !== undefined || height !== undefined;
  const classes = [
    'smart-image',
    `smart-image--${fit}`,
    `smart-image--${state}`,
    sized ? 'smart-image--sized' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const box: CSSProperties = { width, height, ...style };

  if (state === 'failed') {
    return (
      <span
        className={classes}
        style={{ ...box, background: IMAGE_PLACEHOLDER_BG }}
        role="img"
        aria-label={alt || '图片加载失败'}
        title={title}
        data-state="failed"
      >
        <BrokenImageIcon />
        <span className="smart-image__fail-text">图片加载失败</span>
      </span>
    );
  }

  const shown = attempt === 'proxy' ? objectUrl : src;
  return (
    <span className={classes} style={box} data-state={state} data-attempt={attempt}>
      {shown ? (
        <img
          key={attempt}
          className="smart-image__img"
          src={shown}
          alt={alt}
          title={title}
          loading="lazy"
          decoding="async"
          referrerPolicy={attempt === 'direct' ? undefined : 'no-referrer'}
          onLoad={onLoad}
          onError={onError}
        />
      ) : null}
    </span>
  );
}
