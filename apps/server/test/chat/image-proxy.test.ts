import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ImageProxy,
  imageProxyConfigSchema,
  isPublicAddress,
  pickPublicAddress,
  sniffImageType,
} from '../../src/services/image-proxy';
import { isAllowedImageHost } from '@portal/contract';
import { AppError } from '../../src/errors/app-error';
import { api, body, type TestApp } from '../helper';
import { buildChatApp, tokenFor } from './helpers';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('address policy', () => {
  it.each([
    '127.0.0.1',
    '127.5.5.5',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '198.18.0.1',
    '240.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:8.8.8.8',
    '2002:7f00:1::1',
    '64:ff9b::a00:1',
    '2001::1',
    '::7f00:1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])(
    'allows %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('refuses a host when any of its addresses is internal', () => {
    expect(
      pickPublicAddress([
        { address: '8.8.8.8', family: 4 },
        { address: '10.0.0.1', family: 4 },
      ]),
    ).toBeNull();
    expect(pickPublicAddress([])).toBeNull();
    expect(pickPublicAddress([{ address: '8.8.4.4', family: 4 }])).toEqual({ address: '8.8.4.4', family: 4 });
    expect(pickPublicAddress([{ address: '127.0.0.1', family: 4 }])).toBeNull();
    expect(pickPublicAddress([{ address: '127.0.0.1', family: 4 }], { allowLoopback: true })).not.toBeNull();
    expect(pickPublicAddress([{ address: '10.0.0.1', family: 4 }], { allowLoopback: true })).toBeNull();
  });

  it('matches allowed image hosts as the CSP does: exactly, or any subdomain of a *. entry', () => {
    const hosts = imageProxyConfigSchema.parse({
      allowed_hosts: [' IMG.example.org ', '*.cdn.example.com'],
    }).allowed_hosts;
    expect(hosts).toEqual(['img.example.org', '*.cdn.example.com']);
    for (const host of ['img.example.org', 'IMG.EXAMPLE.ORG', 'a.cdn.example.com', 'a.b.cdn.example.com']) {
      expect(isAllowedImageHost(host, hosts), host).toBe(true);
    }
    for (const host of [
      'example.org',
      'x.img.example.org',
      'cdn.example.com',
      'evilcdn.example.com',
      'attacker.example',
    ]) {
      expect(isAllowedImageHost(host, hosts), host).toBe(false);
    }
    expect(isAllowedImageHost('attacker.example', [])).toBe(false);
    for (const entry of ['*', 'https://img.example.org', 'img.example.org:443', 'img.example.org/p', '*.', 'a b']) {
      expect(imageProxyConfigSchema.safeParse({ allowed_hosts: [entry] }).success, entry).toBe(false);
    }
  });

  it('sniffs raster formats and nothing else', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF89a......'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('\0\0\0\x1cftypavif\0\0'))).toBe('image/avif');
    expect(sniffImageType(SVG)).toBeNull();
    expect(sniffImageType(Buffer.from('<html>'))).toBeNull();
  });
});

let origin: Server;
let originUrl: string;
const port = () => (origin.address() as AddressInfo).port;
let t: TestApp;
let open: TestApp;
let unlisted: TestApp;
let token: string;
let openToken: string;
let unlistedToken: string;

beforeAll(async () => {
  origin = createServer((req, res) => {
    const path = req.url ?? '/';
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop) {
      const n = Number(hop[1]);
      res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : '/a.png' }).end();
      return;
    }
    if (path === '/a.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (path === '/mislabelled.jpg') return void res.writeHead(200, { 'content-type': 'image/png' }).end(JPEG);
    if (path === '/evil.svg') return void res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
    if (path === '/svg-as-png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(SVG);
    if (path === '/page.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    if (path === '/big.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG);
      res.end(Buffer.alloc(4096));
      return;
    }
    if (path === '/to-private') return void res.writeHead(302, { location: 'http://10.0.0.1/x.png' }).end();
    if (path === '/to-elsewhere') {
      return void res.writeHead(302, { location: `http://localhost:${port()}/a.png?d=secret` }).end();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  // The address policy applies to allowed hosts: these name the addresses it must still refuse.
  const listed = ['127.0.0.1', '10.0.0.1', '[::1]', '[::ffff:127.0.0.1]', '169.254.169.254'];
  [t, open, unlisted] = await Promise.all([
    buildChatApp({ imageProxy: { allowed_hosts: listed } }),
    buildChatApp({
      imageProxy: { allow_loopback_for_tests: true, max_bytes: 2048, allowed_hosts: ['127.0.0.1', '10.0.0.1'] },
    }),
    buildChatApp({
      imageProxy: { allow_loopback_for_tests: true, allowed_hosts: ['*.example.com', 'img.example.org'] },
    }),
  ]);
  token = await tokenFor(t, 'staff');
  openToken = await tokenFor(open, 'staff');
  unlistedToken = await tokenFor(unlisted, 'staff');
});
afterAll(async () => {
  await t?.close();
  await open?.close();
  await unlisted?.close();
  await new Promise((resolve) => origin?.close(resolve));
});

const proxy = (app: TestApp, tok: string, url: string) =>
  api(app, tok, { method: 'GET', url: '/api/image/proxy', query: { url } });

describe('GET /api/image/proxy', () => {
  it('refuses loopback and internal addresses by default', async () => {
    for (const url of [
      `${originUrl}/a.png`,
      'http://10.0.0.1/a.png',
      'http://[::1]/a.png',
      'http://[::ffff:127.0.0.1]/a.png',
      'http://169.254.169.254/latest',
    ]) {
      const res = await proxy(t, token, url);
      expect(res.statusCode, url).toBe(403);
      expect(body(res), url).toEqual({ code: 4003, message: '不允许访问内网地址', data: null });
    }
  });

  it('refuses addresses that are not http(s) URLs', async () => {
    for (const url of [
      'ftp://example.com/a.png',
      'not a url',
      'file:///etc/passwd',
      'http://user:pw@example.com/a.png',
    ]) {
      const res = await proxy(t, token, url);
      expect(res.statusCode, url).toBe(400);
      expect(body(res).message, url).toBe('图片地址无效');
    }
  });

  it('requires sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/image/proxy', query: { url: `${originUrl}/a.png` } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses every host that is not allowed, also where an allowed host redirects', async () => {
    for (const url of [
      `http://localhost:${port()}/a.png?d=secret`,
      'https://attacker.example/p.png?d=secret',
      'https://example.com/a.png',
      'https://img.example.org.attacker.example/a.png',
      'https://evil-img.example.org/a.png',
    ]) {
      const res = await proxy(unlisted, unlistedToken, url);
      expect(res.statusCode, url).toBe(403);
      expect(body(res), url).toEqual({ code: 4003, message: '该图片地址不在允许范围内', data: null });
    }
    const redirected = await proxy(open, openToken, `${originUrl}/to-elsewhere`);
    expect(redirected.statusCode).toBe(403);
    expect(body(redirected).message).toBe('该图片地址不在允许范围内');
  });

  it('sends its answers, refusals included, as sandboxed, unsniffed content', async () => {
    const served = await proxy(open, openToken, `${originUrl}/a.png`);
    const refused = await proxy(unlisted, unlistedToken, 'https://attacker.example/p.png?d=secret');
    for (const res of [served, refused]) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('tells the browser the allowed hosts, and lets its images load from them only', async () => {
    const config = await unlisted.app.inject({ method: 'GET', url: '/app-config.json' });
    expect(config.json().imageHosts).toEqual(['*.example.com', 'img.example.org']);
    const imgSrc = String(config.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('img-src '));
    expect(imgSrc).toBe("img-src 'self' data: blob: *.example.com img.example.org");
  });

  it('serves an image with the sniffed type and safe headers', async () => {
    const res = await proxy(open, openToken, `${originUrl}/a.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    const mislabelled = await proxy(open, openToken, `${originUrl}/mislabelled.jpg`);
    expect(mislabelled.headers['content-type']).toBe('image/jpeg');
  });

  it('follows up to three redirects, re-checking every hop', async () => {
    expect((await proxy(open, openToken, `${originUrl}/hop/2`)).statusCode).toBe(200);
    const tooMany = await proxy(open, openToken, `${originUrl}/hop/3`);
    expect(body(tooMany)).toEqual({ code: 5002, message: '图片加载失败', data: null });
    const toPrivate = await proxy(open, openToken, `${originUrl}/to-private`);
    expect(body(toPrivate).message).toBe('不允许访问内网地址');
  });

  it('refuses SVG, non-images and oversized bodies', async () => {
    for (const path of ['/evil.svg', '/svg-as-png', '/page.html', '/big.png', '/missing.png']) {
      const res = await proxy(open, openToken, `${originUrl}${path}`);
      expect(res.statusCode, path).toBe(502);
      expect(body(res).message, path).toBe('图片加载失败');
    }
  });
});

describe('ImageProxy resolution', () => {
  const config = imageProxyConfigSchema.parse({
    allow_loopback_for_tests: true,
    allowed_hosts: ['images.invalid', 'rebind.invalid'],
  });

  it('asks no DNS server about a host that is not allowed', async () => {
    const resolver = vi.fn(async () => [{ address: '93.184.216.34', family: 4 as const }]);
    const proxy = new ImageProxy(config, { resolver });
    await expect(proxy.fetch('http://secret-text.attacker.example/a.png')).rejects.toMatchObject({
      message: '该图片地址不在允许范围内',
    });
    expect(resolver).not.toHaveBeenCalled();
  });

  it('connects to the address it checked, not to a fresh DNS answer', async () => {
    const proxy = new ImageProxy(config, { resolver: async () => [{ address: '127.0.0.1', family: 4 }] });
    const image = await proxy.fetch(`http://images.invalid:${port()}/a.png`);
    expect(image.contentType).toBe('image/png');
  });

  it('refuses a name that resolves to an internal address', async () => {
    const proxy = new ImageProxy(config, { resolver: async () => [{ address: '192.168.0.10', family: 4 }] });
    await expect(proxy.fetch('http://rebind.invalid/a.png')).rejects.toMatchObject({ message: '不允许访问内网地址' });
    await expect(proxy.fetch('http://rebind.invalid/a.png')).rejects.toBeInstanceOf(AppError);
  });
});
