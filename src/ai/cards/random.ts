/**
 * The card AI's random numbers: the computer players' PRNG (mulberry32, src/ai/rng.ts) seeded from any text,
 * so the same view and seed always give the same answer. Never Math.random.
 */
import { seedRng } from '../../cardgame/rng.js';
import { makeRng } from '../rng.js';

export type Random = () => number;

/** A PRNG from a 32-bit seed: the computer players' mulberry32 (src/ai/rng.ts), one generator for both AIs. */
export function randomFrom(seed: number): Random {
  return makeRng(seed >>> 0).next;
}

/** A PRNG from any seed text (hashed with the engine's cyrb128). */
export function randomFromText(seed: string): Random {
  return randomFrom(parseInt(seedRng(seed).slice(0, 8), 16));
}

/** A 32-bit number from the generator, to seed another one. */
export function nextSeed(r: Random): number {
  return Math.floor(r() * 4294967296) >>> 0;
}

/** The 32-hex-digit engine PRNG state for a determinized game (its reshuffles). */
export function engineRngState(r: Random): string {
  let out = '';
  for (let i = 0; i < 4; i++) out += nextSeed(r).toString(16).padStart(8, '0');
  return out === '0'.repeat(32) ? '00000001'.padStart(32, '0') : out;
}

/** Fisher–Yates in place. */
export function shuffleInPlace<T>(r: Random, xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}
