import { createDeflate } from 'node:zlib';
import {
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  StandardFonts,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';

/** The deflated stream of `bytes` zero bytes, fed a megabyte at a time so they are never all held at once. */
function deflatedZeros(bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const deflate = createDeflate({ level: 9 });
    const out: Buffer[] = [];
    deflate.on('data', (part: Buffer) => out.push(part));
    deflate.on('end', () => resolve(Buffer.concat(out)));
    deflate.on('error', reject);
    const zeros = Buffer.alloc(Math.min(1 << 20, bytes));
    void (async () => {
      for (let left = bytes; left > 0; left -= zeros.length) {
        const part = zeros.subarray(0, Math.min(zeros.length, left));
        if (!deflate.write(part)) await new Promise((drained) => deflate.once('drain', drained));
      }
      deflate.end();
    })();
  });
}

export interface ImageBombOptions {
  /** Declared size of every image, in pixels. */
  width: number;
  height: number;
  /** Images drawn on each page. */
  imagesPerPage: number;
  pages?: number;
  /** A page of this text before the images' pages (which have no text layer). */
  textPage?: string;
}

/**
 * An image bomb: a small PDF whose pages draw images declared `width`×`height` (8-bit gray, a
 * Flate stream of zeros), so a reader that decodes them at their declared size allocates
 * width×height bytes or more per image — 16000×16000 is 256 MB gray, 768 MB once expanded to
 * RGB — from a file of some 250 KB per image.
 */
export async function imageBombPdf(options: ImageBombOptions): Promise<Buffer> {
  const { width, height, imagesPerPage, pages = 1 } = options;
  const doc = await PDFDocument.create();
  const data = await deflatedZeros(width * height);
  if (options.textPage) {
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([400, 400]).drawText(options.textPage, { x: 20, y: 370, size: 11, font });
  }
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([400, 400]);
    for (let i = 0; i < imagesPerPage; i++) {
      const dict = doc.context.obj({
        Type: 'XObject',
        Subtype: 'Image',
        Width: width,
        Height: height,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
        Filter: 'FlateDecode',
      });
      dict.set(PDFName.of('Length'), PDFNumber.of(data.length));
      const name = page.node.newXObject('Im', doc.context.register(PDFRawStream.of(dict, data)));
      const side = 360 / imagesPerPage;
      page.pushOperators(
        pushGraphicsState(),
        concatTransformationMatrix(side, 0, 0, side, 20 + i * side, 20),
        drawObject(name),
        popGraphicsState(),
      );
    }
  }
  return Buffer.from(await doc.save());
}
