/**
 * OCR character accuracy on Chinese print the bench renders itself, for the settings the server's
 * OCR pool can take (apps/server/src/services/documents/ocr/ocr-pool.ts): trained data shipped by
 * the @tesseract.js-data packages, languages, page segmentation mode, scaling up, binarisation.
 *
 * Lines of ordinary company prose (with the characters OCR got wrong before: 白鹭, 启动, 〇, 厦门)
 * are rendered by sharp (Pango) with CJK fonts found on the machine (`fc-list :lang=zh`) or named
 * in OCR_BENCH_FONTS (comma-separated font files), black on white, at 48 px and 24 px per
 * character, as a page image; each setting reads it through the pool's own preprocessing and text
 * cleaning. Accuracy = 1 − (edit distance ÷ reference length), whitespace ignored, full- and
 * half-width forms alike (，and , are one character to search: normalize-text.ts).
 *
 * Without a CJK font the bench says so and measures nothing.
 *
 * Run: node --import tsx bench/ocr-accuracy.ts [quick]   (quick: the settings before and the defaults only)
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { searchForm } from '../apps/server/src/services/documents/normalize-text';
import {
  createTesseractPool,
  DEFAULT_OCR_SETTINGS,
  type OcrSettings,
} from '../apps/server/src/services/documents/ocr/ocr-pool';

const LINES = [
  '厦门白鹭洲公园改造工程于二〇二六年三月正式启动',
  '公司全年营业收入四百二十万元，同比增长百分之十二',
  '华东区域销售额增长较快，客户满意度保持稳定',
  '董事会审议通过了关于调整年度预算的议案',
  '项目负责人应在每周五前提交进度报告和风险清单',
  '附件扫描件包括合同原件、发票复印件和验收单',
  '请各部门于本月底前完成固定资产盘点工作',
  '研发中心计划明年在成都设立新的实验室',
];
const REFERENCE = LINES.join('');

interface Font {
  file: string;
  family: string;
}

/** CJK fonts: those named in OCR_BENCH_FONTS, else the machine's (fontconfig). */
function cjkFonts(): Font[] {
  const named = (process.env.OCR_BENCH_FONTS ?? '').split(',').filter((f) => f && existsSync(f));
  const listed = named.length
    ? named.map((file) => `${file}:${familyOf(file)}`)
    : (() => {
        try {
          return execFileSync('fc-list', [':lang=zh', 'file', 'family'], { encoding: 'utf8' }).split('\n');
        } catch {
          return [];
        }
      })();
  return listed
    .filter(Boolean)
    .map((line) => {
      const [file, family = ''] = line.split(':');
      return { file: file!.trim(), family: family.split(',')[0]!.trim() };
    })
    .filter((f, i, all) => all.findIndex((g) => g.family === f.family) === i);
}

function familyOf(file: string): string {
  try {
    return execFileSync('fc-scan', ['--format', '%{family[0]}\n', file], { encoding: 'utf8' }).split('\n')[0]!;
  } catch {
    return '';
  }
}

/** Lines as an image: black print on white, `px` pixels per character, with margins. */
async function render(font: Font, px: number, lines: readonly string[]): Promise<Buffer> {
  const points = Math.round((px * 72) / 96);
  const text = await sharp({
    text: {
      text: lines.join('\n'),
      font: `${font.family} ${points}`,
      fontfile: font.file,
      dpi: 96,
      spacing: Math.round(px / 2),
    },
  })
    .negate({ alpha: false })
    .png()
    .toBuffer();
  const margin = lines.length > 1 ? px * 2 : Math.round(px / 3);
  return sharp(text)
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
}

/** Levenshtein distance between two strings, by code point. */
function distance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[y.length]!;
}

/** Characters compared as search sees them: whitespace dropped, ，and , alike (NFKC). */
const strip = (text: string) => searchForm(text).replace(/\s+/g, '');

function accuracy(read: string): number {
  const ref = strip(REFERENCE);
  return Math.max(0, 1 - distance(ref, strip(read)) / [...ref].length);
}

/** The first characters read wrong, for the eye: expected→read around the first few differences. */
function firstMisses(read: string): string {
  const lines = read.split('\n').map(strip).filter(Boolean);
  const misses: string[] = [];
  LINES.forEach((line, i) => {
    const got = lines[i] ?? '';
    if (got !== strip(line) && misses.length < 3) misses.push(`${line}→${got}`);
  });
  return misses.join(' | ');
}

interface Trial {
  name: string;
  settings: OcrSettings;
}

const base = DEFAULT_OCR_SETTINGS;
const TRIALS: Trial[] = [
  { name: 'before: best_int, chi_sim+eng, psm 3', settings: { ...base, psm: '3', lineHeight: 0 } },
  { name: 'tessdata 4.0.0 (LSTM)', settings: { ...base, data: '4.0.0', psm: '3', lineHeight: 0 } },
  { name: 'chi_sim alone', settings: { ...base, languages: ['chi_sim'], psm: '3', lineHeight: 0 } },
  { name: 'scaled ×2', settings: { ...base, psm: '3', scale: 2, lineHeight: 0 } },
  { name: 'binarised at 160', settings: { ...base, psm: '3', threshold: 160, lineHeight: 0 } },
  { name: 'psm 4 (one column)', settings: { ...base, psm: '4', lineHeight: 0 } },
  { name: 'psm 6 (one block)', settings: { ...base, psm: '6', lineHeight: 0 } },
  { name: 'psm 6, lines brought to 24 px', settings: { ...base, psm: '6', lineHeight: 24 } },
  { name: 'psm 6, lines brought to 32 px', settings: { ...base, psm: '6', lineHeight: 32 } },
  { name: 'psm 3, lines brought to 32 px', settings: { ...base, psm: '3', lineHeight: 32 } },
  { name: 'after: the pool’s defaults', settings: base },
];

const fonts = cjkFonts();
if (fonts.length === 0) {
  console.log('No CJK font on this machine (fc-list :lang=zh is empty) and none named in OCR_BENCH_FONTS:');
  console.log('nothing to render Chinese print with, so no accuracy is measured.');
  console.log('E.g. `apt-get download fonts-wqy-microhei && dpkg -x fonts-wqy-microhei_*.deb /tmp/f` and');
  console.log(
    'OCR_BENCH_FONTS=/tmp/f/usr/share/fonts/truetype/wqy/wqy-microhei.ttc node --import tsx bench/ocr-accuracy.ts',
  );
  process.exit(0);
}

const quick = process.argv.includes('quick');
const sizes = [96, 48, 24];
const trials = quick ? [TRIALS[0]!, TRIALS.at(-1)!] : TRIALS;
console.log(
  `${[...strip(REFERENCE)].length} characters in ${LINES.length} lines; fonts: ${fonts.map((f) => f.family).join(', ')}`,
);
console.log(
  'page = the lines in one image with margins; lines = each line alone, cropped close (a snippet, a screenshot)',
);
const images = new Map<string, { page: Buffer; lines: Buffer[] }>();
for (const font of fonts) {
  for (const px of sizes) {
    images.set(`${font.family} ${px}px`, {
      page: await render(font, px, LINES),
      lines: await Promise.all(LINES.map((line) => render(font, px, [line]))),
    });
  }
}
const summary: string[] = [];
for (const trial of trials) {
  const pool = await createTesseractPool(1, trial.settings);
  try {
    console.log(trial.name);
    const all: number[] = [];
    for (const [label, { page, lines }] of images) {
      const started = performance.now();
      const pageRead = await pool.recognize(page);
      const lineReads: string[] = [];
      for (const line of lines) lineReads.push(await pool.recognize(line));
      const seconds = (performance.now() - started) / 1000;
      const pageAccuracy = accuracy(pageRead);
      const linesAccuracy = accuracy(lineReads.join('\n'));
      all.push(pageAccuracy, linesAccuracy);
      const misses = firstMisses(lineReads.join('\n'));
      console.log(
        `  ${label.padEnd(30)} page ${(pageAccuracy * 100).toFixed(1)}%  lines ${(linesAccuracy * 100).toFixed(1)}%` +
          `  (${seconds.toFixed(1)} s)${misses ? `  lines missed: ${misses}` : ''}`,
      );
    }
    summary.push(
      `${trial.name.padEnd(46)} mean ${((all.reduce((a, b) => a + b, 0) / all.length) * 100).toFixed(1)}%  worst ${(Math.min(...all) * 100).toFixed(1)}%`,
    );
  } finally {
    await pool.close();
  }
}
console.log('\nsummary (mean and worst over fonts, sizes, page and lines)');
for (const line of summary) console.log(line);
