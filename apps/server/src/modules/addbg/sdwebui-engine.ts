import sharp from 'sharp';
import type { AddbgConfig } from './config';

/** How long one txt2img may take before the work fails. */
const TXT2IMG_TIMEOUT_MS = 300_000;

/**
 * Stable Diffusion WebUI's HTTP API (`/sdapi/v1/txt2img`): a background scene drawn from a prompt.
 * Its address and key come from the config only. The answer is checked by content: anything that
 * is not a decodable image fails the work.
 */
export async function sdwebuiScene(
  engine: NonNullable<AddbgConfig['sdwebui']>,
  prompt: string,
  width: number,
  height: number,
  signal: AbortSignal | undefined,
): Promise<Buffer> {
  // SD wants multiples of 8 and is asked for at most 1024 a side; the scene is scaled to fit after.
  const scale = Math.min(1, 1024 / Math.max(width, height));
  const round8 = (v: number) => Math.max(64, Math.round((v * scale) / 8) * 8);
  const res = await fetch(new URL('sdapi/v1/txt2img', engine.url.endsWith('/') ? engine.url : `${engine.url}/`), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(engine.api_key ? { authorization: `Bearer ${engine.api_key}` } : {}),
    },
    body: JSON.stringify({
      prompt: `${prompt}, empty product photography background, studio lighting, no people, no text`,
      negative_prompt: 'text, watermark, logo, person',
      width: round8(width),
      height: round8(height),
      steps: 25,
      batch_size: 1,
    }),
    signal: AbortSignal.any([AbortSignal.timeout(TXT2IMG_TIMEOUT_MS), ...(signal ? [signal] : [])]),
  });
  if (!res.ok) throw new Error(`sdwebui answered ${res.status}`);
  const body = (await res.json()) as { images?: unknown };
  const first = Array.isArray(body.images) ? body.images[0] : undefined;
  if (typeof first !== 'string') throw new Error('sdwebui answered no image');
  const bytes = Buffer.from(first.replace(/^data:image\/\w+;base64,/, ''), 'base64');
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta || !['png', 'jpeg', 'webp'].includes(meta.format ?? ''))
    throw new Error('sdwebui answered something that is not an image');
  return bytes;
}
