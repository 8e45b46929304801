/**
 * The order pad's map parts are made in a render worker of their own (src/render/pool.ts, docs/pad.md "The map"): a
 * pad's part never waits behind a results map being drawn.
 */
import { describe, expect, it } from 'vitest';
import { observeRenderQueue } from '../../src/render/pool.js';
import { renderMap, renderPagePart, warmPageParts } from '../../src/render/index.js';
import { getVariant } from '../../src/variants/index.js';

describe('the pad maps worker', () => {
  it('warms on every bundled variant, then makes a pad part while a results map is being drawn', async () => {
    expect(await warmPageParts()).toEqual([]);
    const warhammer = getVariant('warhammer')!;
    const classic = getVariant('classic')!;
    await renderMap(warhammer, warhammer.startingPosition()); // the maps worker warm too
    const done: string[] = [];
    const stop = observeRenderQueue((e) => e.event === 'done' && done.push(e.priority));
    try {
      const map = renderMap(warhammer, warhammer.startingPosition());
      const layer = renderPagePart('layer', classic, classic.startingPosition());
      await Promise.all([map, layer]);
      // One worker would send the page part only once the map (hundreds of ms) was drawn.
      expect(done).toEqual(['page', 'map']);
    } finally {
      stop();
    }
  });
});
