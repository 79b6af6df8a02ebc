import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pickPublicAddress, type ResolvedAddress } from '../../services/image-proxy';

const TIMEOUT_MS = 60_000;
const MAX_BYTES = 100 * 1024 * 1024;

/** Why a pull failed, in Chinese, for the import record. */
export class PullError extends Error {}

/**
 * GETs a configured JSON source through the same address guard as the image proxy: the name is
 * resolved, every address must be public, the socket is pinned to the checked address, redirects
 * are refused (they could lead inside), and the body is bounded in size and time.
 */
export async function fetchPullJson(
  rawUrl: string,
  headers: Record<string, string>,
  opts: { allowLoopback: boolean },
): Promise<unknown> {
  const url = new URL(rawUrl);
  const plainAllowed = opts.allowLoopback && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !plainAllowed) throw new PullError('拉取地址必须是 https');
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(hostname);
  let addresses: ResolvedAddress[];
  try {
    addresses = literal
      ? [{ address: hostname, family: literal === 6 ? 6 : 4 }]
      : (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
          address: a.address,
          family: a.family === 6 ? 6 : 4,
        }));
  } catch {
    throw new PullError('拉取地址无法解析');
  }
  const target = pickPublicAddress(addresses, { allowLoopback: opts.allowLoopback });
  if (!target) throw new PullError('不允许访问内网地址');
  const lookup = ((_h: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  const body = await new Promise<Buffer>((resolve, reject) => {
    const req = client.request(url, {
      method: 'GET',
      headers: { accept: 'application/json', 'user-agent': 'portal-red-pull', ...headers },
      lookup,
      agent: false,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    req.on('error', () => reject(new PullError('拉取失败：连接出错或超时')));
    req.on('response', (res) => {
      if ((res.statusCode ?? 0) !== 200) {
        res.destroy();
        reject(new PullError(`拉取失败：来源回答 ${res.statusCode}`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BYTES) {
          res.destroy();
          reject(new PullError('拉取失败：数据超过100MB'));
        } else chunks.push(chunk);
      });
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', () => reject(new PullError('拉取失败：读取中断')));
    });
    req.end();
  });
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw new PullError('拉取失败：来源返回的不是 JSON');
  }
}
