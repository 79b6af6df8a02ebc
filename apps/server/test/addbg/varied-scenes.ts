import sharp from 'sharp';
import { seededRandom } from '../../src/lib/seeded-random';

/**
 * A second generator of product photos, drawn apart from synthetic.ts: other shapes (a ball, a
 * phone with its screen, a bag and headphones with holes, a chair on thin legs, a vase, a watch, a
 * can with a label), other looks (shaded, two-tone, textured, white, near black, glass, metal),
 * a soft contact shadow under the product (not part of it), and other backdrops (a studio sweep,
 * noise, wood, a blurred room, stripes at any angle, a checkerboard, a dark vignette, confetti).
 * Drawn in a 1000-unit box, placed and scaled by the seed; with the true mask.
 */

export const VARIED_SHAPES = ['ball', 'phone', 'bag', 'chair', 'headphones', 'vase', 'watch', 'can'] as const;
export const VARIED_MATERIALS = ['matte', 'shaded', 'two-tone', 'textured', 'white', 'dark', 'glass', 'metal'] as const;
export const VARIED_BACKDROPS = ['studio', 'noise', 'wood', 'room', 'stripes', 'checker', 'dark', 'confetti'] as const;
export interface VariedCase {
  shape: (typeof VARIED_SHAPES)[number];
  material: (typeof VARIED_MATERIALS)[number];
  backdrop: (typeof VARIED_BACKDROPS)[number];
  seed: number;
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h)},${Math.round(s)}%,${Math.round(l)}%)`;

/** The product's parts in the 1000-unit box (`main` and `accent`, drawn in their own fills) and where it stands. */
function parts(shape: VariedCase['shape']): { main: string; accent: string; bottom: number } {
  switch (shape) {
    case 'ball':
      return { main: '<circle cx="500" cy="500" r="260"/>', accent: '', bottom: 760 };
    case 'phone':
      return {
        main: '<rect x="360" y="180" width="280" height="600" rx="40"/>',
        accent: '<rect x="380" y="230" width="240" height="500" rx="10"/>',
        bottom: 780,
      };
    case 'bag':
      return {
        main: '<path d="M300 420 h400 l60 360 h-520 z"/><path d="M400 420 v-60 a100 100 0 0 1 200 0 v60 h-28 v-60 a72 72 0 0 0 -144 0 v60 z"/>',
        accent: '',
        bottom: 780,
      };
    case 'chair':
      return {
        main: '<rect x="340" y="480" width="320" height="40"/><rect x="340" y="200" width="36" height="300"/><rect x="340" y="200" width="300" height="30"/><rect x="340" y="520" width="22" height="260"/><rect x="638" y="520" width="22" height="260"/><rect x="470" y="520" width="18" height="230"/>',
        accent: '',
        bottom: 780,
      };
    case 'headphones':
      return {
        main: '<path d="M280 560 v-80 a220 220 0 0 1 440 0 v80 h-40 v-80 a180 180 0 0 0 -360 0 v80 z"/><rect x="250" y="520" width="90" height="170" rx="30"/><rect x="660" y="520" width="90" height="170" rx="30"/>',
        accent: '',
        bottom: 690,
      };
    case 'vase':
      return {
        main: '<path d="M440 200 h120 v60 q-20 40 60 140 q90 130 20 300 q-30 60 -120 60 h-40 q-90 0 -120 -60 q-70 -170 20 -300 q80 -100 60 -140 z"/>',
        accent: '',
        bottom: 760,
      };
    case 'watch':
      return {
        main: '<rect x="440" y="160" width="120" height="680" rx="20"/><circle cx="500" cy="500" r="150"/>',
        accent: '<circle cx="500" cy="500" r="118"/>',
        bottom: 840,
      };
    case 'can':
      return {
        main: '<path d="M370 230 q130 -40 260 0 v520 q-130 40 -260 0 z"/>',
        accent: '<rect x="370" y="380" width="260" height="200"/>',
        bottom: 770,
      };
  }
}

function material(c: VariedCase, r: () => number, hue: number): { defs: string; main: string; accent: string } {
  const base = hsl(hue, 55 + r() * 35, 35 + r() * 25);
  const other = hsl((hue + 120 + r() * 120) % 360, 60, 45 + r() * 20);
  switch (c.material) {
    case 'matte':
      return { defs: '', main: base, accent: other };
    case 'shaded':
      return {
        defs: `<radialGradient id="sh" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="${hsl(hue, 70, 80)}"/><stop offset="0.5" stop-color="${base}"/><stop offset="1" stop-color="${hsl(hue, 60, 12)}"/></radialGradient>`,
        main: 'url(#sh)',
        accent: hsl(hue, 20, 15),
      };
    case 'two-tone':
      return { defs: '', main: base, accent: other };
    case 'textured':
      return {
        defs: `<filter id="tx"><feTurbulence type="fractalNoise" baseFrequency="0.08" numOctaves="3" seed="${Math.floor(r() * 100)}"/><feColorMatrix type="matrix" values="0 0 0 0 ${(hue / 360).toFixed(2)} 0 0 0 0 0.3 0 0 0 0 0.2 0 0 0 1.2 0"/><feComposite in2="SourceGraphic" operator="in"/><feBlend in2="SourceGraphic" mode="multiply"/></filter>`,
        main: base,
        accent: other,
      };
    case 'white':
      return {
        defs: '<linearGradient id="wh" x1="0" x2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e4e4e4"/></linearGradient>',
        main: 'url(#wh)',
        accent: '#f0f0f0',
      };
    case 'dark':
      return { defs: '', main: hsl(hue, 10, 8 + r() * 8), accent: hsl(hue, 10, 20) };
    case 'glass':
      return {
        defs: `<linearGradient id="gl" x1="0" x2="1"><stop offset="0" stop-color="${hsl(hue, 50, 70)}" stop-opacity="0.45"/><stop offset="0.2" stop-color="#ffffff" stop-opacity="0.8"/><stop offset="0.3" stop-color="${hsl(hue, 50, 60)}" stop-opacity="0.5"/><stop offset="1" stop-color="${hsl(hue, 50, 40)}" stop-opacity="0.7"/></linearGradient>`,
        main: 'url(#gl)',
        accent: hsl(hue, 40, 50),
      };
    case 'metal':
      return {
        defs: '<linearGradient id="mt" x1="0" x2="1"><stop offset="0" stop-color="#555"/><stop offset="0.25" stop-color="#eee"/><stop offset="0.45" stop-color="#888"/><stop offset="0.7" stop-color="#ddd"/><stop offset="1" stop-color="#444"/></linearGradient>',
        main: 'url(#mt)',
        accent: '#333',
      };
  }
}

function backdrop(c: VariedCase, r: () => number, hue: number): string {
  const far = (hue + 90 + r() * 180) % 360;
  switch (c.backdrop) {
    case 'studio':
      return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(far, 15, 92)}"/><stop offset="0.7" stop-color="${hsl(far, 12, 82)}"/><stop offset="1" stop-color="${hsl(far, 10, 74)}"/></linearGradient></defs><rect width="1000" height="1000" fill="url(#bg)"/>`;
    case 'noise':
      return `<defs><filter id="bn"><feTurbulence type="fractalNoise" baseFrequency="${(0.01 + r() * 0.04).toFixed(3)}" numOctaves="4" seed="${Math.floor(r() * 999)}"/><feColorMatrix type="saturate" values="${(0.5 + r()).toFixed(2)}"/></filter></defs><rect width="1000" height="1000" fill="${hsl(far, 30, 50)}"/><rect width="1000" height="1000" filter="url(#bn)" opacity="0.9"/>`;
    case 'wood': {
      const planks = Array.from(
        { length: 12 },
        (_, i) =>
          `<rect x="0" y="${i * 84}" width="1000" height="82" fill="${hsl(25 + r() * 15, 45 + r() * 20, 30 + r() * 25)}"/>`,
      ).join('');
      return `<defs><filter id="wd"><feTurbulence type="fractalNoise" baseFrequency="0.004 0.08" numOctaves="3" seed="${Math.floor(r() * 999)}"/><feColorMatrix type="matrix" values="0 0 0 0 0.2 0 0 0 0 0.1 0 0 0 0 0 0 0 0 0.6 0"/></filter></defs>${planks}<rect width="1000" height="1000" filter="url(#wd)"/>`;
    }
    case 'room': {
      const blobs = Array.from(
        { length: 7 },
        () =>
          `<ellipse cx="${r() * 1000}" cy="${r() * 1000}" rx="${100 + r() * 300}" ry="${100 + r() * 300}" fill="${hsl(r() * 360, 30 + r() * 40, 30 + r() * 50)}"/>`,
      ).join('');
      return `<defs><filter id="bl"><feGaussianBlur stdDeviation="${25 + r() * 30}"/></filter></defs><rect width="1000" height="1000" fill="${hsl(far, 20, 60)}"/><g filter="url(#bl)">${blobs}</g>`;
    }
    case 'stripes': {
      const n = 8 + Math.floor(r() * 20);
      const cols = Array.from({ length: 4 }, () => hsl(r() * 360, 40 + r() * 50, 25 + r() * 55));
      const st = Array.from(
        { length: n },
        (_, i) =>
          `<rect x="${(i * 1400) / n - 200}" y="-200" width="${1400 / n / 2}" height="1400" fill="${cols[i % 4]}"/>`,
      ).join('');
      return `<rect width="1000" height="1000" fill="${hsl(r() * 360, 30, 70)}"/><g transform="rotate(${Math.floor(r() * 180)} 500 500)">${st}</g>`;
    }
    case 'checker': {
      const n = 6 + Math.floor(r() * 14);
      const a = hsl(far, 30, 85);
      const b = hsl(far, 30, 35 + r() * 30);
      let cells = '';
      for (let y = 0; y < n; y++)
        for (let x = 0; x < n; x++)
          if ((x + y) % 2)
            cells += `<rect x="${(x * 1000) / n}" y="${(y * 1000) / n}" width="${1000 / n + 1}" height="${1000 / n + 1}" fill="${b}"/>`;
      return `<rect width="1000" height="1000" fill="${a}"/>${cells}`;
    }
    case 'dark':
      return `<defs><radialGradient id="dk" cx="0.5" cy="0.4" r="0.7"><stop offset="0" stop-color="${hsl(far, 10, 30)}"/><stop offset="1" stop-color="${hsl(far, 10, 6)}"/></radialGradient></defs><rect width="1000" height="1000" fill="url(#dk)"/>`;
    case 'confetti': {
      const bits = Array.from(
        { length: 150 },
        () =>
          `<rect x="${r() * 1000}" y="${r() * 1000}" width="${10 + r() * 40}" height="${5 + r() * 15}" fill="${hsl(r() * 360, 70, 55)}" transform="rotate(${r() * 180} ${r() * 1000} ${r() * 1000})"/>`,
      ).join('');
      return `<rect width="1000" height="1000" fill="${hsl(far, 25, 88)}"/>${bits}`;
    }
  }
}

/** The photo (PNG, opaque) and its true mask (one byte per pixel, 1 inside the product). */
export async function variedProduct(c: VariedCase, size = 1024): Promise<{ png: Buffer; truth: Uint8Array }> {
  const r = seededRandom(c.seed * 7717 + 13);
  const hue = r() * 360;
  const p = parts(c.shape);
  const m = material(c, r, hue);
  const scale = 0.7 + r() * 0.4;
  const dx = (r() - 0.5) * 200;
  const dy = (r() - 0.5) * 160;
  const place = `translate(${500 + dx} ${500 + dy}) scale(${scale.toFixed(3)}) translate(-500 -500)`;
  const shadowY = p.bottom;
  const shadow =
    c.backdrop === 'dark'
      ? ''
      : `<ellipse cx="500" cy="${shadowY}" rx="230" ry="26" fill="#000" opacity="0.35" filter="url(#sd)"/>`;
  const textured = c.material === 'textured' ? ' filter="url(#tx)"' : '';
  const product = `<g transform="${place}">${shadow}<g fill="${m.main}"${textured}>${p.main}</g>${p.accent ? `<g fill="${m.accent}">${p.accent}</g>` : ''}</g>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000"><defs>${m.defs}<filter id="sd" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="14"/></filter></defs>${backdrop(c, r, hue)}${product}</svg>`;
  const maskSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000"><rect width="1000" height="1000" fill="#000"/><g transform="${place}"><g fill="#fff">${p.main}${p.accent}</g></g></svg>`;
  const png = await sharp(Buffer.from(svg)).removeAlpha().png().toBuffer();
  const raw = await sharp(Buffer.from(maskSvg)).extractChannel(0).raw().toBuffer();
  const truth = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) truth[i] = raw[i]! > 127 ? 1 : 0;
  return { png, truth };
}
