/**
 * The seeded PRNG (sfc32) whose whole state is a string kept in the game state, so that replaying the stored
 * actions from the same seed reproduces every shuffle. Pure: each call returns the next state.
 */

/** A 128-bit state from any seed text (cyrb128). */
export function seedRng(seed: string): string {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [h1 ^ h2 ^ h3 ^ h4, h2 ^ h1, h3 ^ h1, h4 ^ h1].map((n) => (n >>> 0).toString(16).padStart(8, '0')).join('');
}

function unpack(state: string): number[] {
  if (!/^[0-9a-f]{32}$/.test(state)) throw new Error(`bad rng state "${state}"`);
  return [0, 8, 16, 24].map((i) => parseInt(state.slice(i, i + 8), 16));
}

type Words = [number, number, number, number];

function step(w: Words): number {
  const [a, b, c, d] = w;
  const t = (((a + b) >>> 0) + d) >>> 0;
  w[3] = (d + 1) >>> 0;
  w[0] = (b ^ (b >>> 9)) >>> 0;
  w[1] = (c + (c << 3)) >>> 0;
  w[2] = ((((c << 21) | (c >>> 11)) >>> 0) + t) >>> 0;
  return t / 4294967296;
}

function pack(w: Words): string {
  return w.map((n) => n.toString(16).padStart(8, '0')).join('');
}

/** The next number in [0, 1) and the state after it. */
export function nextRandom(state: string): [number, string] {
  const w = unpack(state) as Words;
  const r = step(w);
  return [r, pack(w)];
}

/** A Fisher–Yates shuffle driven by the state; returns the shuffled copy and the state after it. */
export function shuffle<T>(items: readonly T[], state: string): [T[], string] {
  const out = [...items];
  const w = unpack(state) as Words;
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(step(w) * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return [out, pack(w)];
}

/** A whole number in [0, n). */
export function randomInt(n: number, state: string): [number, string] {
  const [r, next] = nextRandom(state);
  return [Math.floor(r * n), next];
}
