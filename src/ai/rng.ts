/**
 * The computer players' randomness: a small seeded generator (mulberry32) so that the same input and seed always
 * give the same answer. Seeds are texts (the CLI's `--seed`, a game's id) hashed with FNV-1a.
 */

/** FNV-1a over the text's UTF-16 code units: a 32-bit seed from any text. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Rng {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** A copy of the list in a random order (Fisher–Yates). */
  shuffled<T>(list: readonly T[]): T[];
}

export function makeRng(seed: number | string): Rng {
  let state = (typeof seed === 'number' ? seed : hashSeed(seed)) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: (list) => list[int(list.length)]!,
    shuffled: (list) => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
}

/** A generator for one purpose of one decision: independent of every other power's and purpose's draws. */
export function rngFor(seed: string, ...parts: (string | number)[]): Rng {
  return makeRng(hashSeed([seed, ...parts].join('\u0000')));
}
