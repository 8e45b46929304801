/**
 * Random positions of every bundled variant for the computer players' tests: a game played from the start by
 * random players (RandBot, and DumbBot for some powers so that units meet and fight) for a random number of phases,
 * every phase type included (placements, retreats, builds and disbands).
 */
import { adjudicate, powersToAct } from '../../src/engine/index.js';
import type { Position, Power, PowerOrder } from '../../src/engine/types.js';
import type { Variant } from '../../src/engine/variant.js';
import { dumbBot } from '../../src/ai/baselines/dumbbot.js';
import { randBot } from '../../src/ai/baselines/floor.js';
import { makeRng } from '../../src/ai/rng.js';
import { allVariants } from '../../src/variants/index.js';

export interface TestPosition {
  variant: Variant;
  position: Position;
  /** The seated powers (the variant's non-neutral powers). */
  players: Power[];
  label: string;
}

/** Each bundled variant, and Warhammer with a campaign option set, as the tests play them. */
export function testVariants(): Variant[] {
  const out: Variant[] = [];
  for (const v of allVariants()) {
    out.push(v);
    if (v.configure) out.push(v.configure({ decisiveBattles: 'dice', strongCapitals: 'on', orcsInTheHills: 'both' }));
  }
  return out;
}

/** ` {options}` for a variant configured with options, else nothing. */
export function campaign(variant: Variant): string {
  return variant.options && Object.keys(variant.options).length > 0 ? ` ${JSON.stringify(variant.options)}` : '';
}

export function seatedPowers(variant: Variant): Power[] {
  return variant.powers.filter((p) => !p.neutral).map((p) => p.name);
}

/** A position reached after `phases` phases of a game played by random and DumbBot players (seeded). */
export function randomPosition(variant: Variant, seed: number, phases: number): TestPosition {
  const rng = makeRng(seed);
  const players = seatedPowers(variant);
  const dumb = new Set(players.filter(() => rng.next() < 0.5));
  let position = variant.startingPosition();
  for (let i = 0; i < phases; i++) {
    const voted = new Set(variant.rules.votedPowers?.({ map: variant.map, position, players }) ?? []);
    const orders: PowerOrder[] = [];
    for (const power of powersToAct(variant, position)) {
      if (voted.has(power) || !players.includes(power)) continue;
      const player = dumb.has(power) ? dumbBot : randBot;
      orders.push(...player.orders({ variant, position, power, players, seed: `${seed}|${i}` }));
    }
    const adj = adjudicate(variant, position, orders, { players });
    if (adj.winner) break;
    position = adj.position;
  }
  return {
    variant,
    position,
    players,
    label: `${variant.id}${campaign(variant)} seed ${seed} after ${phases} phases (${position.phase.season} ${position.phase.year} ${position.phase.type})`,
  };
}
