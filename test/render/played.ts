/**
 * Positions from games the computer players played offline (`scripts/play-map-cases.ts`: the CLI's `ai orders` for
 * every power, then `adjudicate`), a few busy phases of each variant, as `render` cases in test/render/played/. The
 * map tests draw them as the bot posts them: the board (the position alone, `/map` before orders) and the orders map.
 *
 *   npx tsx scripts/play-map-cases.ts classic 5 a test/render/played/classic.json --level hard --keep …
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adjudicateCommand } from '../../src/cli/commands/adjudicate.js';
import { renderCaseOf, renderOptionsOf, type RenderCase } from '../../src/cli/commands/render.js';
import { parseFlags } from '../../src/cli/io.js';
import { buildScene, type RenderOptions } from '../../src/render/build-scene.js';
import type { Scene } from '../../src/render/scene.js';

export const PLAYED_VARIANTS = ['classic', 'warring-states', 'mandate-of-heaven', 'warhammer'] as const;

export interface PlayedCase {
  id: string;
  variant: string;
  orders: { power: string; text: string }[];
  [field: string]: unknown;
}

/** The played phases of a variant, in game order. */
export function playedCases(variant: (typeof PLAYED_VARIANTS)[number]): PlayedCase[] {
  return JSON.parse(readFileSync(join(import.meta.dirname, 'played', `${variant}.json`), 'utf8')) as PlayedCase[];
}

export type Picture = 'board' | 'orders';

/** A case as `render` reads it: the board without its orders, or the orders map. */
export async function drawnCase(c: PlayedCase, picture: Picture): Promise<RenderCase> {
  return await renderCaseOf(picture === 'board' ? { ...c, orders: [] } : c, parseFlags([], []));
}

/** The scene of a played case's picture. */
export async function playedScene(
  c: PlayedCase,
  picture: Picture,
  extra: Pick<RenderOptions, 'palette' | 'width'> = {},
): Promise<{ scene: Scene; drawn: RenderCase }> {
  const drawn = await drawnCase(c, picture);
  const built = buildScene(drawn.variant, drawn.position, { ...renderOptionsOf(drawn), ...extra });
  if (!built.ok) throw new Error(built.error);
  return { scene: built.scene, drawn };
}

/** Every picture of every played case of these variants (the board and the orders map of each phase). */
export async function* playedScenes(
  variants: readonly (typeof PLAYED_VARIANTS)[number][] = PLAYED_VARIANTS,
  extra: Pick<RenderOptions, 'palette' | 'width'> = {},
): AsyncGenerator<{ name: string; scene: Scene; drawn: RenderCase }> {
  for (const v of variants)
    for (const c of playedCases(v))
      for (const picture of ['board', 'orders'] as const)
        yield { name: `${v} ${c.id} ${picture}`, ...(await playedScene(c, picture, extra)) };
}

/**
 * Warhammer's second Fall with the Immortality army rising: the Dwarves hold Sylvania, the Vampire Counts' home, and a
 * Vampire Counts army next door supports the virtual army in (a position the played game nearly reached: the Dwarves
 * took Sylvania; here a Vampire Counts army stands in Karak Kadrin), so the Dwarf army is dislodged by an army that
 * came from no province.
 */
export function immortalityRising(): PlayedCase {
  const fall = playedCases('warhammer').find((c) => c.id === 'fall-2502-movement')!;
  return {
    ...fall,
    id: 'immortality-rising',
    units: [...(fall.units as object[]), { power: 'Vampire Counts', type: 'A', province: 'kadr', coast: null }],
    orders: [...fall.orders, { power: 'Vampire Counts', text: 'A kadr S Immortality - sylv' }],
  };
}

/** The case of the phase after a played case, from what `adjudicate` prints for it (as `play-map-cases.ts` makes it). */
export async function nextCase(c: PlayedCase): Promise<PlayedCase> {
  const r = await adjudicateCommand([], JSON.stringify(c));
  if (r.code !== 0) throw new Error(r.stderr);
  const out = JSON.parse(r.stdout) as Record<string, unknown> & { nextPhase: { type: string } };
  const retreat = out.nextPhase.type === 'retreat';
  return {
    id: 'next',
    variant: c.variant,
    phase: out.nextPhase,
    units: out.units,
    supplyCenters: out.supplyCenters,
    ...(retreat ? { dislodged: out.dislodged } : {}),
    ...(retreat && out.contested ? { contested: out.contested } : {}),
    ...(out.variantState ? { variantState: out.variantState } : {}),
    orders: [],
  };
}
