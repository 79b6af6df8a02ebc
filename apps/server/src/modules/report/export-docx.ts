import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';

/** Markdown inline marks are dropped in Word; headings and list items keep their shape. */
function paragraphOf(line: string): Paragraph {
  const heading = /^(#{1,3})\s+(.*)$/.exec(line);
  if (heading) {
    const level = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3][heading[1]!.length - 1];
    return new Paragraph({ heading: level, children: [new TextRun(heading[2]!)] });
  }
  const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
  const text = (bullet ? bullet[1]! : line.replace(/^>\s?/, '')).replace(/\*\*(.+?)\*\*/g, '$1');
  return new Paragraph(
    bullet ? { bullet: { level: 0 }, children: [new TextRun(text)] } : { children: [new TextRun(text)] },
  );
}

/** The same Markdown as a Word document (pure JS `docx`), citations included as text. */
export async function markdownToDocx(markdown: string): Promise<Buffer> {
  const doc = new Document({
    creator: '行业分析报告',
    title: '行业分析报告导出',
    sections: [
      {
        children: markdown
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map(paragraphOf),
      },
    ],
  });
  return Packer.toBuffer(doc);
}
