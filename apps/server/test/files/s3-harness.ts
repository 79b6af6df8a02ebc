import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's built-in account. */
export const S3_KEY = 'S3RVER';
export const S3_SECRET = 'S3RVER';
export const S3_BUCKET = 'portal-test';
export const S3_REGION = 'us-east-1';

export interface S3Harness {
  endpoint: string;
  /** A POST-object endpoint that enforces the signed policy, in front of the same bucket. */
  postEndpoint: string;
  client: S3Client;
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

interface PostForm {
  fields: Record<string, string>;
  file?: Buffer;
}

/** Parses the POST form with the platform's own multipart reader. */
async function readForm(req: IncomingMessage): Promise<PostForm> {
  const request = new Request('http://gate.local/', {
    method: 'POST',
    headers: { 'content-type': req.headers['content-type'] ?? '' },
    body: Readable.toWeb(req) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const data = await request.formData();
  const form: PostForm = { fields: {} };
  const entries: Array<[string, string | Blob]> = [];
  data.forEach((value, name) => entries.push([name, value]));
  for (const [name, value] of entries) {
    if (typeof value === 'string') form.fields[name] = value;
    else if (name === 'file' && !form.file) form.file = Buffer.from(await value.arrayBuffer());
  }
  return form;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * S3's documented POST-policy rules (SigV4): the signature over the base64 policy, the expiration,
 * every condition against the form, `content-length-range` against the file, and no form field the
 * policy does not cover. s3rver accepts POST uploads without looking at the policy at all, so this
 * gate stands in front of it: accepted uploads are stored in s3rver, refused ones get S3's 403.
 */
export function checkPostPolicy(form: PostForm, secret: string, now = Date.now()): string | null {
  const { fields } = form;
  const lower = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.toLowerCase(), v]));
  const policyB64 = lower.policy;
  const signature = lower['x-amz-signature'];
  const credential = lower['x-amz-credential'];
  if (!policyB64 || !signature || !credential || !form.file) return 'InvalidArgument';
  const [, date, region, service] = credential.split('/');
  if (!date || !region || !service) return 'InvalidArgument';
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  const expected = hmac(signingKey, policyB64);
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'SignatureDoesNotMatch';
  const policy = JSON.parse(Buffer.from(policyB64, 'base64').toString('utf8')) as {
    expiration: string;
    conditions: Array<Record<string, string> | [string, string | number, string | number]>;
  };
  if (Date.parse(policy.expiration) <= now) return 'AccessDenied: policy expired';
  const covered = new Set(['policy', 'x-amz-signature', 'file']);
  for (const condition of policy.conditions) {
    if (Array.isArray(condition)) {
      const [op, a, b] = condition;
      if (op === 'content-length-range') {
        if (form.file.length < Number(a) || form.file.length > Number(b)) return 'EntityTooLarge or EntityTooSmall';
        continue;
      }
      const field = String(a).replace(/^\$/, '').toLowerCase();
      covered.add(field);
      const value = field === 'bucket' ? S3_BUCKET : (lower[field] ?? '');
      if (op === 'eq' && value !== String(b)) return `AccessDenied: ${field} must equal ${String(b)}`;
      if (op === 'starts-with' && !value.startsWith(String(b)))
        return `AccessDenied: ${field} must start with ${String(b)}`;
      continue;
    }
    for (const [name, expectedValue] of Object.entries(condition)) {
      const field = name.toLowerCase();
      covered.add(field);
      const value = field === 'bucket' ? S3_BUCKET : lower[field];
      if (value !== expectedValue) return `AccessDenied: ${field} must equal ${expectedValue}`;
    }
  }
  for (const field of Object.keys(lower)) {
    if (!covered.has(field) && !field.startsWith('x-ignore-')) return `AccessDenied: field ${field} not in policy`;
  }
  return null;
}

export async function startS3(): Promise<S3Harness> {
  const directory = await mkdtemp(join(tmpdir(), 'portal-s3-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET }],
    vhostBuckets: false,
  });
  const address = await s3rver.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({
    endpoint,
    region: S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_KEY, secretAccessKey: S3_SECRET },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  const gate: Server = createServer((req, res) => {
    readForm(req).then(
      async (form) => {
        const refusal = checkPostPolicy(form, S3_SECRET);
        if (refusal) {
          res.writeHead(403, { 'content-type': 'application/xml' }).end(`<Error><Code>${refusal}</Code></Error>`);
          return;
        }
        const key = Object.entries(form.fields).find(([k]) => k.toLowerCase() === 'key')?.[1] ?? '';
        const contentType = Object.entries(form.fields).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
        await client.send(
          new PutObjectCommand({ Bucket: S3_BUCKET, Key: key, Body: form.file, ContentType: contentType }),
        );
        res.writeHead(204).end();
      },
      () => res.writeHead(400).end(),
    );
  });
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  const postEndpoint = `http://127.0.0.1:${(gate.address() as AddressInfo).port}`;

  return {
    endpoint,
    postEndpoint,
    client,
    async keys(prefix = '') {
      const res = await client.send(new ListObjectsV2Command({ Bucket: S3_BUCKET, Prefix: prefix }));
      return (res.Contents ?? []).map((o) => o.Key ?? '');
    },
    async close() {
      client.destroy();
      await new Promise<void>((resolve) => gate.close(() => resolve()));
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
