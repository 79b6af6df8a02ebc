import type { AddbgBackground } from '@portal/contract';

/**
 * The backgrounds the built-in engine renders itself (no image files, no licences to track):
 * solid colours, gradients, and studio scenes made of a wall, a floor, a horizon and soft
 * lighting, all SVG rendered by sharp at the output size.
 */
export interface BuiltinBackground {
  id: string;
  name: string;
  kind: 'solid' | 'gradient' | 'studio';
  colors: string[];
  /** An SVG of the background at `width`×`height`; `floor` is the height share where the floor starts. */
  svg(width: number, height: number): string;
}

const svgOpen = (w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`;

function solid(id: string, name: string, color: string): BuiltinBackground {
  return {
    id,
    name,
    kind: 'solid',
    colors: [color],
    svg: (w, h) => `${svgOpen(w, h)}<rect width="${w}" height="${h}" fill="${color}"/></svg>`,
  };
}

function gradient(id: string, name: string, from: string, to: string, radial = false): BuiltinBackground {
  return {
    id,
    name,
    kind: 'gradient',
    colors: [from, to],
    svg: (w, h) => {
      const def = radial
        ? `<radialGradient id="g" cx="50%" cy="45%" r="75%"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></radialGradient>`
        : `<linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
      return `${svgOpen(w, h)}<defs>${def}</defs><rect width="${w}" height="${h}" fill="url(#g)"/></svg>`;
    },
  };
}

/** A studio: wall gradient, a floor below the horizon with its own gradient, a soft light pool and grain. */
function studio(
  id: string,
  name: string,
  wall: [string, string],
  floor: [string, string],
  horizon = 0.62,
): BuiltinBackground {
  return {
    id,
    name,
    kind: 'studio',
    colors: [wall[0], floor[1]],
    svg: (w, h) => {
      const y = Math.round(h * horizon);
      return `${svgOpen(w, h)}<defs>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wall[0]}"/><stop offset="1" stop-color="${wall[1]}"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${floor[0]}"/><stop offset="1" stop-color="${floor[1]}"/></linearGradient>
<radialGradient id="pool" cx="50%" cy="40%" r="55%"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<linearGradient id="edge" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.12"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>
<filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="7"/><feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="linear" slope="0.06"/></feComponentTransfer></filter>
</defs>
<rect width="${w}" height="${y}" fill="url(#wall)"/>
<rect y="${y}" width="${w}" height="${h - y}" fill="url(#floor)"/>
<rect y="${y}" width="${w}" height="${Math.round((h - y) * 0.25)}" fill="url(#edge)"/>
<rect width="${w}" height="${h}" fill="url(#pool)"/>
<rect width="${w}" height="${h}" filter="url(#grain)"/>
</svg>`;
    },
  };
}

export const BUILTIN_BACKGROUNDS: readonly BuiltinBackground[] = [
  solid('white', '纯白', '#ffffff'),
  solid('light-grey', '浅灰', '#f2f3f5'),
  solid('black', '纯黑', '#111111'),
  solid('cream', '奶油色', '#f6efe3'),
  solid('mint', '薄荷绿', '#dff3ea'),
  solid('sky', '天空蓝', '#dcebfa'),
  gradient('sunrise', '晨曦渐变', '#fde6d8', '#f7b9a4'),
  gradient('ocean', '海洋渐变', '#d6ecff', '#7fb2e5'),
  gradient('lavender', '薰衣草渐变', '#efe6fb', '#b9a2e3'),
  gradient('spotlight', '聚光灯', '#ffffff', '#c9ccd1', true),
  studio('studio-white', '白色影棚', ['#fafafa', '#eceef1'], ['#e4e6ea', '#f4f5f7']),
  studio('studio-warm', '暖色台面', ['#f3e6d6', '#e6d2bb'], ['#d7b996', '#c8a57f']),
  studio('studio-dark', '暗调影棚', ['#3a3d44', '#1f2126'], ['#2a2c31', '#15161a']),
  studio('studio-marble', '大理石台面', ['#e9edf1', '#d9dfe6'], ['#f4f4f2', '#dcdcd8'], 0.66),
  studio('studio-wood', '木纹桌面', ['#eae3da', '#d8cdbf'], ['#b78a5e', '#8f653f'], 0.64),
];

export function findBackground(id: string): BuiltinBackground | undefined {
  return BUILTIN_BACKGROUNDS.find((b) => b.id === id);
}

/** The list entries of the built-in backgrounds, plus the prompt scene an AI engine would draw. */
export function backgroundEntries(promptEngine: AddbgBackground['engine'] | null): AddbgBackground[] {
  const builtin = BUILTIN_BACKGROUNDS.map((b): AddbgBackground => ({
    id: b.id,
    name: b.name,
    kind: b.kind,
    style_id: b.kind,
    colors: b.colors,
    preview_url: `/api/addbg/background/preview?background_id=${b.id}`,
    engine: 'builtin',
    available: true,
    reason: null,
  }));
  const prompt: AddbgBackground = {
    id: 'prompt',
    name: '按描述生成场景',
    kind: 'prompt',
    style_id: 'ai',
    colors: ['#e8e8e8'],
    preview_url: null,
    engine: promptEngine ?? 'sdwebui',
    available: promptEngine !== null,
    reason: promptEngine
      ? null
      : '按描述生成场景需要 Stable Diffusion WebUI、ComfyUI 或 OpenAI 兼容图像接口，管理员尚未配置',
  };
  return [...builtin, prompt];
}
