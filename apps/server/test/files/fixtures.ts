import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid PNG of exactly `totalBytes` bytes (a grey image padded with a private ancillary chunk),
 * so size limits can be tested to the byte.
 */
export function pngOfSize(totalBytes: number, width = 4, height = 3): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0;
  const parts = [signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw))];
  const end = chunk('IEND', Buffer.alloc(0));
  const used = parts.reduce((n, p) => n + p.length, 0) + end.length;
  const padding = totalBytes - used - 12;
  if (padding < 0) throw new Error(`a PNG needs at least ${used + 12} bytes`);
  return Buffer.concat([...parts, chunk('pADd', Buffer.alloc(padding, 0x61)), end]);
}

export const smallPng = (width = 4, height = 3) => pngOfSize(200 + width * height, width, height);

/** A minimal PDF; its first bytes are what identifies it. */
export const smallPdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

export const htmlPage = () =>
  Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n');

export interface MultipartFile {
  field?: string;
  filename: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
export function multipart(file: MultipartFile): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const name = file.filename.replace(/"/g, '%22');
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${name}"\r\n` +
      `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file.data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
