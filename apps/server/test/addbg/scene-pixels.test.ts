import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type BuiltinBackground, findBackground } from '../../src/modules/addbg/backgrounds';
import { scenePixels } from '../../src/modules/addbg/scene-pixels';

/** A scene that counts how often its SVG is asked for, i.e. rendered. */
function counted(scene: BuiltinBackground, id = scene.id) {
  const calls = { count: 0 };
  const wrapped: BuiltinBackground = {
    ...scene,
    id,
    svg: (width, height) => {
      calls.count++;
      return scene.svg(width, height);
    },
  };
  return { scene: wrapped, calls };
}

const rgb = (image: sharp.Sharp) => image.raw().toBuffer({ resolveWithObject: true });

describe('built-in scenes rendered once per size', () => {
  it('renders a scene once per size, with the pixels of a fresh render', async () => {
    const { scene, calls } = counted(findBackground('studio-white')!, 'studio-white-counted');
    const first = await rgb(await scenePixels(scene, 400, 300));
    const again = await rgb(await scenePixels(scene, 400, 300));
    expect(calls.count).toBe(1);
    expect(again.data.equals(first.data)).toBe(true);
    expect(first.info).toMatchObject({ width: 400, height: 300, channels: 3 });
    const fresh = await sharp(Buffer.from(findBackground('studio-white')!.svg(400, 300)))
      .removeAlpha()
      .raw()
      .toBuffer();
    expect(first.data.equals(fresh)).toBe(true);

    await scenePixels(scene, 300, 400);
    expect(calls.count).toBe(2);
  });

  it('lets the least recently used go once the budget is full', async () => {
    const solid = findBackground('white')!;
    const { scene, calls } = counted(solid, 'budget-counted');
    // 2,400² RGB is 16.5 MiB: the third size overflows the 48 MiB budget.
    await scenePixels(scene, 2400, 2400);
    await scenePixels(scene, 2400, 2401);
    await scenePixels(scene, 2400, 2400); // used again: now the newest
    await scenePixels(scene, 2400, 2402);
    expect(calls.count).toBe(3);
    await scenePixels(scene, 2400, 2400);
    expect(calls.count).toBe(3);
    await scenePixels(scene, 2400, 2401);
    expect(calls.count).toBe(4);
  });
});
