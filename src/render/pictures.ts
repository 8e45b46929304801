/**
 * The registry of the pictures drawn by name in the render worker: the game kinds' (the interface and what it is for:
 * src/render/picture-kind.ts) and the supply-centre chart (src/render/sc-chart.ts).
 */
import { cardTablePicture } from './cards/picture.js';
import type { KindPicture } from './picture-kind.js';
import { scChartPicture } from './sc-chart.js';

export type { KindPicture } from './picture-kind.js';

const PICTURES: readonly KindPicture[] = [cardTablePicture, scChartPicture];

export function kindPicture(kind: string): KindPicture | undefined {
  return PICTURES.find((p) => p.kind === kind);
}
