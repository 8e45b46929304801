/**
 * Shared renders: identical map requests cost one render; public pictures are kept (LRU),
 * a player's own unresolved orders never are; a failed render is not kept.
 */
import { describe, expect, it } from 'vitest';
import { createMapRenderer, isPublicRender } from '../../src/bot/maps.js';
import { createLogger } from '../../src/log.js';
import { getVariant } from '../../src/variants/index.js';
import type { PowerOrder } from '../../src/engine/types.js';

const variant = getVariant('classic')!;
const position = variant.startingPosition();

function counting(fail = false) {
  const calls: string[] = [];
  const renderer = createMapRenderer(createLogger('silent'), {
    skipPrepare: true,
    cacheSize: 2,
    renderPng: async (_v, _p, opts) => {
      calls.push(opts.title ?? '');
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error('no canvas');
      return { png: Buffer.from(`png:${opts.palette ?? 'normal'}:${opts.title ?? ''}`), warnings: [] };
    },
  });
  return { calls, renderer };
}

describe('map render cache', () => {
  it('renders a storm of identical requests once, and serves later ones from the cache', async () => {
    const { calls, renderer } = counting();
    const storm = await Promise.all(
      Array.from({ length: 40 }, (_, i) => renderer.render(variant, position, { title: 'S1901' }, `m${i}.png`)),
    );
    expect(calls).toHaveLength(1);
    expect(new Set(storm.map((p) => p!.png.toString()))).toEqual(new Set(['png:normal:S1901']));
    expect(storm[7]!.name).toBe('m7.png');
    await renderer.render(variant, position, { title: 'S1901' }, 'again.png');
    expect(calls).toHaveLength(1);
    // Another palette is another picture.
    await renderer.render(variant, position, { title: 'S1901', palette: 'colorblind' }, 'cb.png');
    expect(calls).toHaveLength(2);
  });

  it('keeps the most recently used pictures only', async () => {
    const { calls, renderer } = counting();
    for (const title of ['a', 'b', 'a', 'c', 'a', 'b']) await renderer.render(variant, position, { title }, 'x.png');
    // a, b drawn; a hit; c drawn (evicts b); a hit; b drawn again.
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
  });

  it('never keeps a picture of unresolved orders, and does not keep failures', async () => {
    const orders: PowerOrder[] = [
      { power: 'France', order: { type: 'hold', unit: { type: 'army', location: 'par' } } } as unknown as PowerOrder,
    ];
    expect(isPublicRender({ orders })).toBe(false);
    expect(isPublicRender({})).toBe(true);
    const { calls, renderer } = counting();
    await renderer.render(variant, position, { orders, title: 'mine' }, 'mine.png');
    await renderer.render(variant, position, { orders, title: 'mine' }, 'mine.png');
    expect(calls).toEqual(['mine', 'mine']);
    const failing = counting(true);
    expect(await failing.renderer.render(variant, position, { title: 't' }, 't.png')).toBeNull();
    expect(await failing.renderer.render(variant, position, { title: 't' }, 't.png')).toBeNull();
    expect(failing.calls).toHaveLength(2);
  });
});
