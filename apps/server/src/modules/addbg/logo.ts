import sharp from 'sharp';

export interface LogoOptions {
  text: string;
  slogan?: string;
  styleId: string;
  color: string;
  /** Variant number: each variant shifts the palette and weight so several options differ. */
  variant: number;
}

export const LOGO_SIZE = 1024;
const FONT = "'Noto Sans CJK SC','Source Han Sans SC','PingFang SC','Microsoft YaHei','DejaVu Sans',sans-serif";

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** Lightens (amount > 0) or darkens a #rrggbb colour. */
function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = (shift: number) => {
    const v = (n >> shift) & 255;
    const out = amount >= 0 ? v + (255 - v) * amount : v * (1 + amount);
    return Math.round(Math.min(255, Math.max(0, out)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${ch(16)}${ch(8)}${ch(0)}`;
}

/** A logo as SVG from a template: typographic layouts and marks drawn from simple shapes. */
export function logoSvg(o: LogoOptions): string {
  const S = LOGO_SIZE;
  const color = shade(o.color, [0, -0.25, 0.2, -0.45][o.variant % 4]!);
  const accent = shade(o.color, 0.75);
  const weight = [700, 800, 600, 900][o.variant % 4];
  const t = escapeXml(o.text);
  const first = escapeXml([...o.text][0] ?? '');
  const slogan = o.slogan ? escapeXml(o.slogan) : '';
  const fontSize = Math.min(200, Math.floor((S * 0.8) / Math.max(2, [...o.text].length)));
  const sloganText = slogan
    ? `<text x="${S / 2}" y="${S * 0.78}" font-family="${FONT}" font-size="44" fill="${color}" fill-opacity="0.75" text-anchor="middle" letter-spacing="6">${slogan}</text>`
    : '';
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">`;
  const word = (y: number, size = fontSize) =>
    `<text x="${S / 2}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${color}" text-anchor="middle" dominant-baseline="middle">${t}</text>`;
  switch (o.styleId) {
    case 'circle-badge':
      return `${open}<circle cx="${S / 2}" cy="${S * 0.46}" r="${S * 0.36}" fill="${color}"/><circle cx="${S / 2}" cy="${S * 0.46}" r="${S * 0.33}" fill="none" stroke="${accent}" stroke-width="6"/><text x="${S / 2}" y="${S * 0.47}" font-family="${FONT}" font-size="${Math.min(fontSize, 160)}" font-weight="${weight}" fill="#ffffff" text-anchor="middle" dominant-baseline="middle">${t}</text>${sloganText.replace(`y="${S * 0.78}"`, `y="${S * 0.9}"`)}</svg>`;
    case 'square-mark':
      return `${open}<rect x="${S * 0.36}" y="${S * 0.14}" width="${S * 0.28}" height="${S * 0.28}" rx="${S * 0.05}" fill="${color}"/><text x="${S / 2}" y="${S * 0.285}" font-family="${FONT}" font-size="${S * 0.17}" font-weight="${weight}" fill="#ffffff" text-anchor="middle" dominant-baseline="middle">${first}</text>${word(S * 0.58, Math.min(fontSize, 150))}${sloganText}</svg>`;
    case 'line-frame':
      return `${open}<rect x="${S * 0.08}" y="${S * 0.3}" width="${S * 0.84}" height="${S * 0.34}" fill="none" stroke="${color}" stroke-width="10"/>${word(S * 0.47, Math.min(fontSize, 150))}${sloganText}</svg>`;
    case 'stacked':
      return `${open}<polygon points="${S / 2},${S * 0.1} ${S * 0.62},${S * 0.32} ${S * 0.38},${S * 0.32}" fill="${color}"/><circle cx="${S / 2}" cy="${S * 0.25}" r="${S * 0.04}" fill="${accent}"/>${word(S * 0.52, Math.min(fontSize, 150))}${sloganText}</svg>`;
    default:
      return `${open}${word(S * 0.48)}<rect x="${S * 0.3}" y="${S * 0.62}" width="${S * 0.4}" height="8" rx="4" fill="${color}" fill-opacity="0.6"/>${sloganText}</svg>`;
  }
}

/** The logo rendered to a transparent PNG. */
export function logoPng(o: LogoOptions): Promise<Buffer> {
  return sharp(Buffer.from(logoSvg(o)))
    .png()
    .toBuffer();
}
