import { ErrorCode, REQUEST_ID_HEADER } from '@portal/contract';
import { api } from './api';
import { HttpError, parseEnvelope, type QueryValue } from './http-client';

export interface FetchBlobOptions {
  params?: Record<string, QueryValue | QueryValue[]>;
  signal?: AbortSignal;
  /** Whether the reply's content type is what the caller asked for (a PDF, an image…). */
  accept?: (contentType: string) => boolean;
  /** The Chinese message of a failure that carries none of its own. */
  failure?: string;
}

const AUTH_REPAIRABLE: ReadonlySet<number> = new Set([ErrorCode.tokenExpired, ErrorCode.permissionsChanged]);

/**
 * Bytes the browser cannot fetch with a plain URL (a download, a PDF, a proxied image), fetched
 * with the sign-in headers. A refusal arrives as a JSON envelope: an expired token or changed
 * rights is repaired by the HTTP client as for any other call, then the download is asked once more;
 * any other refusal throws an HttpError with the server's message.
 */
export async function fetchBlob(path: string, options: FetchBlobOptions = {}): Promise<Blob> {
  const failure = options.failure ?? '下载失败，请稍后重试';
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(api.url(path, options.params), {
      headers: api.headers(),
      signal: options.signal,
      referrerPolicy: 'no-referrer',
    });
    const contentType = res.headers.get('content-type') ?? '';
    if (contentType.startsWith('application/json')) {
      const envelope = parseEnvelope(await res.text(), res.status);
      if (attempt === 0 && AUTH_REPAIRABLE.has(envelope.code) && (await api.repairAuth(envelope.code))) continue;
      if (envelope.code !== ErrorCode.ok) await api.repairAuth(envelope.code);
      throw new HttpError(
        envelope.code,
        envelope.message || failure,
        res.headers.get(REQUEST_ID_HEADER) ?? '',
        res.status,
      );
    }
    if (!res.ok || (options.accept && !options.accept(contentType))) {
      throw new HttpError(ErrorCode.plainString, failure, res.headers.get(REQUEST_ID_HEADER) ?? '', res.status);
    }
    return res.blob();
  }
}
