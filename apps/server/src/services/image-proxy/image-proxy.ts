import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { ErrorCode, isAllowedImageHost } from '@portal/contract';
import { AppError } from '../../errors/app-error';
import { pickPublicAddress, type ResolvedAddress } from './address-policy';
import type { ImageProxyConfig } from './config';
import { pinnedGet } from './pinned-get';
import { sniffImageType, type SniffedImageType } from './sniff';

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface ImageProxyOptions {
  resolver?: Resolver;
}

export interface ProxiedImage {
  contentType: SniffedImageType;
  body: Buffer;
}

const MAX_URL_LENGTH = 4096;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const invalidUrl = () => new AppError(ErrorCode.validation, '图片地址无效');
const privateAddress = () => new AppError(ErrorCode.forbidden, '不允许访问内网地址');
const hostNotAllowed = () => new AppError(ErrorCode.forbidden, '该图片地址不在允许范围内');
const loadFailed = () => new AppError(ErrorCode.upstream, '图片加载失败');

const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

const IMAGE_REQUEST_HEADERS = {
  accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9',
  'user-agent': 'portal-image-proxy',
};

function parseTarget(raw: string): URL {
  if (raw.length === 0 || raw.length > MAX_URL_LENGTH) throw invalidUrl();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidUrl();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidUrl();
  if (url.username || url.password || !url.hostname) throw invalidUrl();
  return url;
}

/**
 * Fetches a public image for `GET /api/image/proxy`: every hop on the allowed hosts, resolved and
 * checked, the connection pinned to the checked address, only raster images, bounded in size and
 * time.
 */
export class ImageProxy {
  private readonly resolver: Resolver;

  constructor(
    private readonly config: ImageProxyConfig,
    options: ImageProxyOptions = {},
  ) {
    this.resolver = options.resolver ?? systemResolver;
  }

  async fetch(rawUrl: string): Promise<ProxiedImage> {
    let url = parseTarget(rawUrl);
    const signal = AbortSignal.timeout(this.config.timeout_ms);
    for (let hop = 0; ; hop++) {
      // Before any DNS query: the name itself (`secret.attacker.example`) would reach its owner.
      if (!isAllowedImageHost(url.hostname, this.config.allowed_hosts)) throw hostNotAllowed();
      const target = await this.resolve(url);
      const res = await this.request(url, target, signal);
      if (REDIRECTS.has(res.statusCode ?? 0)) {
        res.destroy();
        const location = res.headers.location;
        if (!location || hop >= this.config.max_redirects) throw loadFailed();
        url = parseTarget(new URL(location, url).toString());
        continue;
      }
      return this.readImage(res);
    }
  }

  private async resolve(url: URL): Promise<ResolvedAddress> {
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: ResolvedAddress[];
    const literal = isIP(hostname);
    if (literal) {
      addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
    } else {
      try {
        addresses = await this.resolver(hostname);
      } catch {
        throw loadFailed();
      }
    }
    const picked = pickPublicAddress(addresses, { allowLoopback: this.config.allow_loopback_for_tests });
    if (!picked) throw privateAddress();
    return picked;
  }

  private request(url: URL, target: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
    return pinnedGet(url, target, IMAGE_REQUEST_HEADERS, signal).catch(() => {
      throw loadFailed();
    });
  }

  private async readImage(res: IncomingMessage): Promise<ProxiedImage> {
    const declared = (res.headers['content-type'] ?? '').toLowerCase();
    const length = Number(res.headers['content-length'] ?? 0);
    if (
      res.statusCode !== 200 ||
      !declared.startsWith('image/') ||
      declared.includes('svg') ||
      length > this.config.max_bytes
    ) {
      res.destroy();
      throw loadFailed();
    }
    const parts: Buffer[] = [];
    let size = 0;
    try {
      for await (const part of res as AsyncIterable<Buffer>) {
        size += part.length;
        if (size > this.config.max_bytes) {
          res.destroy();
          throw loadFailed();
        }
        parts.push(part);
      }
    } catch {
      throw loadFailed();
    }
    const body = Buffer.concat(parts);
    const contentType = sniffImageType(body);
    if (!contentType) throw loadFailed();
    return { contentType, body };
  }
}
