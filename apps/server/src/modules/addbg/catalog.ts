import type { AddbgLight, AddbgSize, AddbgStyle } from '@portal/contract';

/**
 * What the built-in engine offers, fixed in the code: output sizes, light directions, background
 * styles and scenes (all rendered by the project itself, see backgrounds.ts), logo templates.
 */

export const SIZES: readonly AddbgSize[] = [
  { id: 'source', name: '原图尺寸', width: 1024, height: 1024, background: null },
  { id: 'square-800-white', name: '电商主图 800×800 白底', width: 800, height: 800, background: '#ffffff' },
  { id: 'square-1440-white', name: '电商主图 1440×1440 白底', width: 1440, height: 1440, background: '#ffffff' },
  { id: 'square-1024', name: '方图 1024×1024', width: 1024, height: 1024, background: null },
  { id: 'portrait-750x1000', name: '详情页 750×1000 (3:4)', width: 750, height: 1000, background: null },
  { id: 'story-1080x1920', name: '竖屏海报 1080×1920 (9:16)', width: 1080, height: 1920, background: null },
  { id: 'banner-1920x800', name: '横幅 1920×800', width: 1920, height: 800, background: null },
];
export const DEFAULT_SIZE_ID = 'square-1024';

export const LIGHTS: readonly AddbgLight[] = [
  { id: 'soft', name: '柔光', angle: null, description: '正上方柔和光，阴影在正下方' },
  { id: 'left', name: '左侧光', angle: 300, description: '光从左上方来，阴影偏右' },
  { id: 'right', name: '右侧光', angle: 60, description: '光从右上方来，阴影偏左' },
  { id: 'top', name: '顶光', angle: 0, description: '光从正上方来，阴影短而实' },
  { id: 'back', name: '逆光', angle: 180, description: '光从后方来，边缘提亮，阴影在前' },
];
export const DEFAULT_LIGHT_ID = 'soft';

export const BACKGROUND_STYLES: readonly AddbgStyle[] = [
  { id: 'solid', name: '纯色' },
  { id: 'gradient', name: '渐变' },
  { id: 'studio', name: '影棚场景' },
  { id: 'ai', name: 'AI 场景' },
];

export const PRODUCT_CATEGORIES: readonly AddbgStyle[] = [
  { id: 'general', name: '通用商品' },
  { id: 'apparel', name: '服饰鞋包' },
  { id: 'beauty', name: '美妆个护' },
  { id: 'digital', name: '数码家电' },
  { id: 'food', name: '食品饮料' },
  { id: 'home', name: '家居日用' },
];

/** Logo templates: a layout of the text and a mark drawn from shapes, all in SVG. */
export const LOGO_STYLES: readonly AddbgStyle[] = [
  { id: 'wordmark', name: '文字标' },
  { id: 'circle-badge', name: '圆形徽章' },
  { id: 'square-mark', name: '方块首字' },
  { id: 'line-frame', name: '线框' },
  { id: 'stacked', name: '图形+上下排版' },
];
export const DEFAULT_LOGO_STYLE_ID = 'wordmark';

/** Style-transfer presets: what each asks an AI engine for. */
export interface StylePreset {
  id: string;
  name: string;
  prompt: string;
}
export const STYLE_PRESETS: readonly StylePreset[] = [
  { id: 'watercolor', name: '水彩', prompt: 'as a watercolor painting, soft washes, paper texture' },
  { id: 'oil', name: '油画', prompt: 'as an oil painting, visible brush strokes, rich colours' },
  { id: 'anime', name: '动漫', prompt: 'in anime illustration style, clean line art, cel shading' },
  { id: '3d', name: '3D 渲染', prompt: 'as a 3D render, soft global illumination, smooth materials' },
];
