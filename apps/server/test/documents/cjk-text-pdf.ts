import { PDFDocument, PDFHexString, StandardFonts, type PDFPage, type PDFRef } from 'pdf-lib';

/**
 * PDFs whose text layer says exactly what the test wants, whatever the characters: a Type0 font
 * (Identity-H, not embedded) whose ToUnicode map gives each glyph id the character chosen. This is
 * how Chromium's print output and other layout programs write CJK text, and where they put a
 * Kangxi radical (⼆ U+2F06) for the ideograph the page shows (二). The glyphs themselves are not
 * drawn as CJK (no font ships on the machine): only the text layer matters to extraction.
 */

/** A line of text at a height on the page (points from the bottom). */
export interface TextLine {
  text: string;
  y: number;
  size?: number;
}

const utf16Hex = (char: string) =>
  [...Buffer.from(char, 'utf16le').swap16()].map((b) => b.toString(16).padStart(2, '0')).join('');
const cidHex = (cid: number) => cid.toString(16).padStart(4, '0');

/** One Type0 font for every character the lines use; returns its ref and each character's glyph id. */
function cjkFont(doc: PDFDocument, lines: readonly TextLine[]): { ref: PDFRef; cids: Map<string, number> } {
  const cids = new Map<string, number>();
  for (const line of lines) for (const char of line.text) if (!cids.has(char)) cids.set(char, cids.size + 1);
  const map = [...cids].map(([char, cid]) => `<${cidHex(cid)}> <${utf16Hex(char)}>`);
  const cmap = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    `${map.length} beginbfchar`,
    ...map,
    'endbfchar',
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
  const toUnicode = doc.context.register(doc.context.flateStream(cmap));
  const descendant = doc.context.register(
    doc.context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: 'TestCJK',
      CIDSystemInfo: {
        Registry: PDFHexString.fromText('Adobe'),
        Ordering: PDFHexString.fromText('Identity'),
        Supplement: 0,
      },
      FontDescriptor: doc.context.register(
        doc.context.obj({
          Type: 'FontDescriptor',
          FontName: 'TestCJK',
          Flags: 4,
          FontBBox: [0, -200, 1000, 800],
          ItalicAngle: 0,
          Ascent: 800,
          Descent: -200,
          CapHeight: 700,
          StemV: 80,
        }),
      ),
      DW: 1000,
      CIDToGIDMap: 'Identity',
    }),
  );
  const ref = doc.context.register(
    doc.context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: 'TestCJK',
      Encoding: 'Identity-H',
      DescendantFonts: [descendant],
      ToUnicode: toUnicode,
    }),
  );
  return { ref, cids };
}

/** Writes the lines on the page with the font (one text object per line). */
function writeLines(page: PDFPage, font: { ref: PDFRef; cids: Map<string, number> }, lines: readonly TextLine[]) {
  const name = page.node.newFontDictionary('TestCJK', font.ref);
  const ops = lines
    .map((line) => {
      const hex = [...line.text].map((c) => cidHex(font.cids.get(c)!)).join('');
      return `BT /${name.asString().slice(1)} ${line.size ?? 14} Tf 20 ${line.y} Td <${hex}> Tj ET`;
    })
    .join('\n');
  const stream = page.doc.context.register(page.doc.context.flateStream(ops));
  page.node.addContentStream(stream);
}

/** A PDF of pages of CJK text lines (400×400 points each). */
export async function cjkTextPdf(pages: readonly (readonly TextLine[])[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = cjkFont(doc, pages.flat());
  for (const lines of pages) writeLines(doc.addPage([400, 400]), font, lines);
  return Buffer.from(await doc.save());
}

/**
 * One page with text lines and a scanned image between them (no text layer on the image): a
 * heading above a scan, a caption below it, as an attachment page of a company document. A Latin
 * line in a standard font sits above the heading: the fonts pdf.js loads itself are those whose
 * loading broke the page's images on Node 20 (transferToFixedLength).
 */
export async function headingAboveScanPdf(
  latin: string,
  above: TextLine[],
  scan: Buffer,
  below: TextLine[],
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = cjkFont(doc, [...above, ...below]);
  const page = doc.addPage([400, 400]);
  page.drawText(latin, { x: 20, y: 385, size: 9, font: await doc.embedFont(StandardFonts.Helvetica) });
  const image = await doc.embedPng(scan);
  const width = 360;
  const height = (image.height / image.width) * width;
  page.drawImage(image, { x: 20, y: 340 - height, width, height });
  writeLines(page, font, [...above, ...below]);
  return Buffer.from(await doc.save());
}
