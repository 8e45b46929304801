/**
 * The AI's own random numbers: a small fast PRNG (mulberry32) seeded from any text, so the same view and seed
 * always give the same answer. Never Math.random.
 */
import { seedRng } from '../../cardgame/rng.js';

export type Random = () => number;

/** A PRNG from a 32-bit seed. */
export function randomFrom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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

export function pick<T>(r: Random, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

/** Fisher–Yates in place. */
export function shuffleInPlace<T>(r: Random, xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}
