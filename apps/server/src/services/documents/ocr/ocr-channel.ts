import type { MessagePort } from 'node:worker_threads';
import type { OcrPool } from './ocr-pool';

/*
 * The parse worker's way to the server-wide OCR pool: a scanned page's image goes to the parent
 * thread (parse-runner.ts), which queues it on the shared pool and sends the text back.
 */

/** Worker → parent: read this page image. */
export interface OcrRequestMessage {
  ocr: { id: number; image: Uint8Array };
}

/** Parent → worker: the text of a page, or why OCR could not read it. */
export interface OcrReplyMessage {
  ocrResult: { id: number; text: string } | { id: number; error: string };
}

export function isOcrRequest(message: unknown): message is OcrRequestMessage {
  return typeof message === 'object' && message !== null && 'ocr' in message;
}

/** The shared pool as seen from a parse worker; closing it ends nothing (the server owns the pool). */
export function parentOcrPool(port: MessagePort): OcrPool {
  let lastId = 0;
  const pending = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  port.on('message', (message: OcrReplyMessage) => {
    if (!('ocrResult' in message)) return;
    const reply = message.ocrResult;
    const waiter = pending.get(reply.id);
    pending.delete(reply.id);
    if ('error' in reply) waiter?.reject(new Error(reply.error));
    else waiter?.resolve(reply.text);
  });
  return {
    recognize(image) {
      const id = ++lastId;
      return new Promise<string>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        port.postMessage({ ocr: { id, image } } satisfies OcrRequestMessage);
      });
    },
    close: async () => undefined,
  };
}
