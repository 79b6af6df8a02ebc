import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js behind the viewer, in its own lazy chunk: it loads only when a viewer opens. The worker
 * is a separate file of the build served from our origin (CSP worker-src 'self'); no code is
 * compiled from strings (CSP has no 'unsafe-eval').
 */
GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfPageSize {
  /** CSS pixels at zoom 1 (PDF points), rotation applied. */
  width: number;
  height: number;
}

export interface OpenPdf {
  pageCount: number;
  pageSize(page: number): Promise<PdfPageSize>;
  /** Draws a page into the canvas at `scale` CSS pixels per point, sharp on this screen's pixel ratio. */
  render(page: number, canvas: HTMLCanvasElement, scale: number): { done: Promise<void>; cancel(): void };
  close(): void;
}

/** Canvas pixels at most per page: deep zoom on a large page stays within a phone's memory. */
const MAX_CANVAS_PIXELS = 16_000_000;

export async function openPdf(file: Blob): Promise<OpenPdf> {
  const data = new Uint8Array(await file.arrayBuffer());
  const doc: PDFDocumentProxy = await getDocument({ data, isEvalSupported: false }).promise;
  return {
    pageCount: doc.numPages,
    async pageSize(page) {
      const viewport = (await doc.getPage(page)).getViewport({ scale: 1 });
      return { width: viewport.width, height: viewport.height };
    },
    render(page, canvas, scale) {
      let task: RenderTask | null = null;
      let cancelled = false;
      const done = doc.getPage(page).then(async (proxy) => {
        if (cancelled) return;
        const css = proxy.getViewport({ scale });
        let ratio = window.devicePixelRatio || 1;
        ratio = Math.min(ratio, Math.sqrt(MAX_CANVAS_PIXELS / Math.max(1, css.width * css.height)));
        const viewport = proxy.getViewport({ scale: scale * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${css.width}px`;
        canvas.style.height = `${css.height}px`;
        task = proxy.render({ canvas, viewport });
        await task.promise;
      });
      return {
        done,
        cancel: () => {
          cancelled = true;
          task?.cancel();
        },
      };
    },
    close: () => void doc.destroy(),
  };
}
