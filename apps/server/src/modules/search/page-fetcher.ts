import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { pickPublicAddress, pinnedGet, type ResolvedAddress, type Resolver } from '../../services/image-proxy';

export interface PageFetchLimits {
  timeout_ms: number;
  max_bytes: number;
  max_redirects: number;
}

export interface FetchedPage {
  url: string;
  contentType: string;
  body: string;
  /** The body was cut at the size limit. */
  truncated: boolean;
}

/** Why a page was not read; shown in the read step's output. */
export class PageFetchError extends Error {
  constructor(
    readonly reason: 'invalid' | 'private' | 'timeout' | 'status' | 'type' | 'network' | 'redirects',
    message: string,
  ) {
    super(message);
    this.name = 'PageFetchError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const READABLE = /^(text\/html|application\/xhtml\+xml|text\/plain|text\/markdown)/;

const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

const PAGE_REQUEST_HEADERS = {
  accept: 'text/html,application/xhtml+xml,text/plain;q=0.9',
  'user-agent': 'portal-search/1.0',
};

function hostListed(hostname: string, hosts: readonly string[]): boolean {
  return hosts.some((h) => (h.startsWith('*.') ? hostname.endsWith(h.slice(1)) : hostname === h));
}

/**
 * Reads result pages with the image proxy's address policy: every hop resolved and checked (one
 * non-public answer refuses the host), the socket pinned to the checked address, redirects checked
 * again, bounded in bytes and time. Hosts in `allowed_private_hosts` may resolve to private or
 * loopback addresses — only those, and only for themselves (a redirect elsewhere is checked anew).
 */
export class PageFetcher {
  private readonly resolver: Resolver;

  constructor(
    private readonly limits: PageFetchLimits,
    private readonly allowedPrivateHosts: readonly string[],
    resolver?: Resolver,
  ) {
    this.resolver = resolver ?? systemResolver;
  }

  async fetch(rawUrl: string, signal?: AbortSignal): Promise<FetchedPage> {
    let url = this.parse(rawUrl);
    const timeout = AbortSignal.timeout(this.limits.timeout_ms);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      for (let hop = 0; ; hop++) {
        const target = await this.resolve(url);
        const res = await this.request(url, target, combined);
        if (REDIRECTS.has(res.statusCode ?? 0)) {
          res.destroy();
          const location = res.headers.location;
          if (!location || hop >= this.limits.max_redirects) throw new PageFetchError('redirects', '跳转次数过多');
          url = this.parse(new URL(location, url).toString());
          continue;
        }
        return await this.read(url, res);
      }
    } catch (error) {
      if (error instanceof PageFetchError) throw error;
      if (timeout.aborted) throw new PageFetchError('timeout', '网页读取超时');
      if (signal?.aborted) throw error;
      throw new PageFetchError('network', '网页无法访问');
    }
  }

  private parse(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new PageFetchError('invalid', '网页地址无效');
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname) {
      throw new PageFetchError('invalid', '网页地址无效');
    }
    return url;
  }

  private async resolve(url: URL): Promise<ResolvedAddress> {
    const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const literal = isIP(hostname);
    let addresses: ResolvedAddress[];
    if (literal) addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
    else {
      try {
        addresses = await this.resolver(hostname);
      } catch {
        throw new PageFetchError('network', '网页域名无法解析');
      }
    }
    if (addresses.length > 0 && hostListed(hostname, this.allowedPrivateHosts)) return addresses[0]!;
    const picked = pickPublicAddress(addresses);
    if (!picked) throw new PageFetchError('private', '不允许访问内网地址');
    return picked;
  }

  private request(url: URL, target: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
    return pinnedGet(url, target, PAGE_REQUEST_HEADERS, signal);
  }

  private async read(url: URL, res: IncomingMessage): Promise<FetchedPage> {
    const contentType = String(res.headers['content-type'] ?? 'text/html').toLowerCase();
    if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) {
      res.destroy();
      throw new PageFetchError('status', `网页返回 ${res.statusCode}`);
    }
    if (!READABLE.test(contentType)) {
      res.destroy();
      throw new PageFetchError('type', '不是可读的网页');
    }
    const parts: Buffer[] = [];
    let size = 0;
    let truncated = false;
    for await (const part of res as AsyncIterable<Buffer>) {
      const room = this.limits.max_bytes - size;
      if (part.length >= room) {
        parts.push(part.subarray(0, room));
        truncated = true;
        res.destroy();
        break;
      }
      parts.push(part);
      size += part.length;
    }
    return { url: url.toString(), contentType, body: Buffer.concat(parts).toString('utf8'), truncated };
  }
}
