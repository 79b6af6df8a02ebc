import { IMAGE_PLACEHOLDER_BG } from '@portal/contract';
import { Spin } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { fetchBlob } from '../../lib/fetch-blob';

/** Splits a signed-in path with its query into what fetchBlob takes. */
export function splitUrl(url: string): { path: string; params: Record<string, string> } {
  const [path = '', query = ''] = url.split('?');
  return { path, params: Object.fromEntries(new URLSearchParams(query)) };
}

/**
 * An image the portal serves only with the owner's token: fetched with the sign-in headers (the
 * HTTP client refreshes an expired token), shown from an object URL, and the #f6f7f7 placeholder
 * of section 9 when it cannot be loaded. A checkerboard shows where a cutout is transparent.
 */
export function SignedImage({
  url,
  alt,
  style,
  checker,
}: {
  url: string;
  alt: string;
  style?: CSSProperties;
  checker?: boolean;
}) {
  const [state, setState] = useState<{ url: string; objectUrl: string | null; failed: boolean }>({
    url,
    objectUrl: null,
    failed: false,
  });
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const { path, params } = splitUrl(url);
    fetchBlob(path, { params, signal: controller.signal, accept: (type) => type.startsWith('image/') })
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ url, objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url, objectUrl: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  const current = state.url === url ? state : { objectUrl: null, failed: false };
  const frame: CSSProperties = {
    background: checker ? 'repeating-conic-gradient(#e6e6e6 0 25%, #fff 0 50%) 50% / 16px 16px' : IMAGE_PLACEHOLDER_BG,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    ...style,
  };
  if (current.objectUrl) {
    return (
      <div style={frame}>
        <img src={current.objectUrl} alt={alt} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
      </div>
    );
  }
  return (
    <div
      style={{ ...frame, background: IMAGE_PLACEHOLDER_BG }}
      role="img"
      aria-label={current.failed ? `${alt}加载失败` : `${alt}加载中`}
    >
      {current.failed ? <span style={{ color: '#999', fontSize: 12 }}>图片加载失败</span> : <Spin size="small" />}
    </div>
  );
}
