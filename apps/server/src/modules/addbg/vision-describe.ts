import type OpenAI from 'openai';
import sharp from 'sharp';
import type { Env, ProviderConfig } from '../../services/llm';

/** The longest side the model is shown: enough to describe a product, small enough to send quickly. */
const VISION_SIDE = 768;
const INSTRUCTION =
  '请用中文简洁描述这张商品图片：商品是什么、材质与颜色、摆放方式和背景。只输出描述本身，不超过120字。';

/**
 * `image/interrogate` on a vision-capable chat model of `providers.endpoints` (OpenAI-compatible
 * `/chat/completions` with an image part). Its answer is text: an empty one is an error so that
 * the caller falls back to the built-in description.
 */
export class VisionDescriber {
  private client: Promise<OpenAI> | undefined;

  constructor(
    private readonly endpoint: ProviderConfig,
    private readonly model: string,
    private readonly env: Env = process.env,
  ) {}

  private sdk(): Promise<OpenAI> {
    this.client ??= import('../../services/llm/sdk-client').then(({ createProviderClient }) =>
      createProviderClient(this.endpoint, this.env),
    );
    return this.client;
  }

  async describe(source: Buffer, signal?: AbortSignal): Promise<string> {
    const jpeg = await sharp(source)
      .rotate()
      .resize(VISION_SIDE, VISION_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
    const client = await this.sdk();
    const res = await client.chat.completions.create(
      {
        model: this.model,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: INSTRUCTION },
              { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}` } },
            ],
          },
        ],
        max_tokens: 300,
      },
      { signal },
    );
    const text = res.choices[0]?.message?.content?.trim();
    if (!text) throw new Error('the vision model answered no text');
    return text;
  }
}
