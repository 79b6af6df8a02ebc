import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A PDF with one 400-point page per text (Helvetica: English only), as a report to upload. */
export async function pdfOf(pages: readonly string[]): Promise<Blob> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([400, 400]);
    text.split('\n').forEach((line, i) => page.drawText(line, { x: 20, y: 360 - i * 16, size: 11, font }));
  }
  return new Blob([new Uint8Array(await doc.save())], { type: 'application/pdf' });
}
