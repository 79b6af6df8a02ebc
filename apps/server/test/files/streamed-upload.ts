import { request } from 'node:http';

export interface StreamedUploadResult {
  status: number;
  text: string;
  /** Megabytes written before the server answered. */
  sentMb: number;
}

/**
 * Posts a multipart body over a real connection with no content-length, so the server cannot
 * refuse up front and must count while reading: the file, then up to `maxBytes` of filler, until
 * the server answers. A limit that works answers long before the filler runs out.
 */
export function sendStreamedUpload(
  url: string,
  headers: Record<string, string>,
  payload: Buffer,
  maxBytes: number,
): Promise<StreamedUploadResult> {
  const tail = Buffer.alloc(1024 * 1024, 0x61);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(url, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } });
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, text, sentMb: sent / 1e6 });
        req.destroy();
      });
    });
    req.on('error', (e) => (sent > 0 ? undefined : reject(e)));
    const pump = () => {
      while (!answered && sent < maxBytes) {
        // The payload without its closing boundary, so the filler continues the file.
        const chunk = sent === 0 ? payload.subarray(0, payload.length - 60) : tail;
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}
