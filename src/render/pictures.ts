/** The registry of the game kinds' pictures (the interface and what it is for: src/render/picture-kind.ts). */
import { cardTablePicture } from './cards/picture.js';
import type { KindPicture } from './picture-kind.js';

export type { KindPicture } from './picture-kind.js';

const PICTURES: readonly KindPicture[] = [cardTablePicture];

export function kindPicture(kind: string): KindPicture | undefined {
  return PICTURES.find((p) => p.kind === kind);
}
