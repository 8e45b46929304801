/**
 * Scenes several map test files read, built once per worker: the test files share their worker's modules
 * (docs/testing.md "Modules shared between test files"), so the gallery's and the computer-played games' scenes
 * built by the first file that asks serve the files after it. The checks only read a scene; none may change one.
 */
import { galleryImages } from '../../src/render/gallery.js';
import { buildScene, type Scene } from '../../src/render/index.js';
import type { RenderCase } from '../../src/cli/commands/render.js';
import { PLAYED_VARIANTS, playedScenes } from './played.js';

type PlayedVariant = (typeof PLAYED_VARIANTS)[number];

/** One picture of a played case (played.ts `playedScenes`), with its variant's id. */
export interface PlayedPicture {
  variant: PlayedVariant;
  name: string;
  scene: Scene;
  drawn: RenderCase;
}

let played: Promise<PlayedPicture[]> | undefined;

/** playedScenes(variants) at the default options, in PLAYED_VARIANTS' order, each scene built once per worker. */
export async function playedScenesOnce(variants: readonly PlayedVariant[] = PLAYED_VARIANTS): Promise<PlayedPicture[]> {
  played ??= (async () => {
    const all: PlayedPicture[] = [];
    for (const variant of PLAYED_VARIANTS)
      for await (const picture of playedScenes([variant])) all.push({ variant, ...picture });
    return all;
  })();
  const wanted = new Set(variants);
  return (await played).filter((p) => wanted.has(p.variant));
}

const gallery = new Map<number | undefined, { file: string; scene: Scene }[]>();

/** The gallery's scenes (`galleryImages()`), at `width` or at the gallery's own, each built once per worker. */
export function galleryScenes(width?: number): { file: string; scene: Scene }[] {
  let scenes = gallery.get(width);
  if (!scenes) {
    scenes = galleryImages().map((g) => {
      const r = buildScene(g.variant, g.position, { ...g.opts, ...(width ? { width } : {}) });
      if (!r.ok) throw new Error(`${g.file}: ${r.error}`);
      return { file: g.file, scene: r.scene };
    });
    gallery.set(width, scenes);
  }
  return scenes;
}
