/**
 * SVG transforms as affine matrices `[a, b, c, d, e, f]` (x' = a·x + c·y + e, y' = b·x + d·y + f), the order the
 * SVG `matrix()` function uses. Read from a `transform` attribute (`translate(…) scale(…)`, applied right to left).
 */

export type Matrix = readonly [number, number, number, number, number, number];

type Point = [number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `outer ∘ inner`: the matrix that applies `inner` first, then `outer`. */
export function compose(outer: Matrix, inner: Matrix): Matrix {
  const [a, b, c, d, e, f] = outer;
  const [A, B, C, D, E, F] = inner;
  return [a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f];
}

export function apply(m: Matrix, p: Point): Point {
  return [m[0] * p[0] + m[2] * p[1] + m[4], m[1] * p[0] + m[3] * p[1] + m[5]];
}

export class TransformError extends Error {}

/** The matrix of a `transform` attribute; `TransformError` for syntax it cannot read. Missing or empty: identity. */
export function parseTransform(text: string | undefined): Matrix {
  if (!text || text.trim() === '') return IDENTITY;
  let m: Matrix = IDENTITY;
  let rest = text.trim();
  const item = /^\s*,?\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)/;
  while (rest.length > 0) {
    const found = item.exec(rest);
    if (!found) throw new TransformError(`cannot read the transform "${text.slice(0, 80)}"`);
    const args =
      found[2]!.trim() === ''
        ? []
        : found[2]!
            .trim()
            .split(/[\s,]+/)
            .map(Number);
    if (args.some((n) => !Number.isFinite(n))) throw new TransformError(`a number in "${found[0].trim()}" is not one`);
    m = compose(m, one(found[1]!, args, found[0].trim()));
    rest = rest.slice(found[0].length).trim();
  }
  return m;
}

function one(kind: string, v: number[], text: string): Matrix {
  const need = (ok: boolean) => {
    if (!ok) throw new TransformError(`wrong number of values in "${text}"`);
  };
  switch (kind) {
    case 'matrix':
      need(v.length === 6);
      return [v[0]!, v[1]!, v[2]!, v[3]!, v[4]!, v[5]!];
    case 'translate':
      need(v.length === 1 || v.length === 2);
      return [1, 0, 0, 1, v[0]!, v[1] ?? 0];
    case 'scale':
      need(v.length === 1 || v.length === 2);
      return [v[0]!, 0, 0, v[1] ?? v[0]!, 0, 0];
    case 'rotate': {
      need(v.length === 1 || v.length === 3);
      const r = (v[0]! * Math.PI) / 180;
      const [cx, cy] = [v[1] ?? 0, v[2] ?? 0];
      const rot: Matrix = [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0];
      return compose([1, 0, 0, 1, cx, cy], compose(rot, [1, 0, 0, 1, -cx, -cy]));
    }
    case 'skewX':
      need(v.length === 1);
      return [1, 0, Math.tan((v[0]! * Math.PI) / 180), 1, 0, 0];
    default:
      need(v.length === 1);
      return [1, Math.tan((v[0]! * Math.PI) / 180), 0, 1, 0, 0];
  }
}
