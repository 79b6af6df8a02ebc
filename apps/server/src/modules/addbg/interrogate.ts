import sharp from 'sharp';

/**
 * What the built-in engine can say about an image without a vision model: its size, whether it
 * has a transparent background, and its dominant colour. A picture's content needs a
 * vision-capable model, which the text says.
 */
export async function describeImage(source: Buffer): Promise<string> {
  const image = sharp(source).rotate();
  const meta = await image.metadata();
  const stats = await image.stats();
  const { r, g, b } = stats.dominant;
  const hex = `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  const alpha = meta.hasAlpha && stats.channels[3] && stats.channels[3].min < 16 ? '有透明背景' : '无透明背景';
  return `图片尺寸 ${meta.autoOrient?.width ?? meta.width}×${meta.autoOrient?.height ?? meta.height}，主色 ${hex}，${alpha}。画面内容的文字描述需要支持识图的模型，管理员尚未配置。`;
}
