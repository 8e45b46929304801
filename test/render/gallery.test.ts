/**
 * The gallery (docs/img, `npm run -s gallery`, src/render/gallery.ts): one picture per special case per
 * variant. Each case is a real adjudication whose orders are legal unless the case is about an order that could not
 * be carried out; each picture is listed in docs/render.md and every picture docs/render.md names exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildScene, type Scene } from '../../src/render/index.js';
import { galleryImages, type GalleryImage } from '../../src/render/gallery.js';

const root = join(import.meta.dirname, '..', '..');
const gallery = galleryImages();
const sceneOf = (img: GalleryImage): Scene => {
  const r = buildScene(img.variant, img.position, img.opts);
  if (!r.ok) throw new Error(r.error);
  return r.scene;
};
const image = (file: string) => gallery.find((g) => g.file === file)!;

/** Results that are not plain successes or failures, by picture: only where the picture is about them. */
const INTENDED: Record<string, string[]> = {
  // The convoy the adjudicator did not use (Holland to Belgium went over land): drawn as such.
  'classic-spring-1904-routes.png': ['F nth C A hol - bel: void'],
};

describe('the gallery', () => {
  it('every case adjudicates without an illegal or void order but the ones it is about', () => {
    for (const img of gallery) {
      const odd = (img.opts.adjudication?.results ?? [])
        .filter((r) => r.result === 'illegal' || r.result === 'void')
        .map((r) => `${r.order}: ${r.result}`);
      expect(
        odd,
        `${img.file}: ${(img.opts.adjudication?.results ?? [])
          .filter((r) => r.result === 'illegal' || r.result === 'void')
          .map((r) => r.reason)
          .join('; ')}`,
      ).toEqual(INTENDED[img.file] ?? []);
    }
  });

  it('every picture is listed in docs/render.md, and every picture docs/render.md shows exists in docs/img', () => {
    const doc = readFileSync(join(root, 'docs', 'render.md'), 'utf8');
    const named = [...doc.matchAll(/\]\(img\/([^)]+\.png)\)/g)].map((m) => m[1]!);
    for (const file of named) expect(existsSync(join(root, 'docs', 'img', file)), `docs/img/${file}`).toBe(true);
    for (const img of gallery) expect(named, img.file).toContain(img.file);
    expect(new Set(gallery.map((g) => g.file)).size).toBe(gallery.length);
  });

  it('each variant has its colour-blind picture, its retreats and its adjustments', () => {
    for (const variant of ['classic', 'warring-states', 'mandate-of-heaven', 'warhammer']) {
      const own = gallery.filter((g) => g.variant.id === variant);
      expect(
        own.some((g) => g.opts.palette === 'colorblind'),
        `${variant}: colour-blind`,
      ).toBe(true);
      if (variant === 'warhammer') continue; // its retreats are Classic's; its adjustments below
      expect(
        own.some((g) => g.position.phase.type === 'retreat' && g.opts.adjudication),
        `${variant}: retreats`,
      ).toBe(true);
    }
    for (const variant of ['classic', 'warring-states', 'mandate-of-heaven', 'warhammer']) {
      expect(
        gallery.some((g) => g.variant.id === variant && g.position.phase.type === 'adjustment' && g.opts.adjudication),
        `${variant}: adjustments`,
      ).toBe(true);
    }
  });

  it("Warhammer: a failed build where another power's fleet stands, its ghost beside the fleet", () => {
    const s = sceneOf(image('warhammer-winter-2500-builds.png'));
    const ghost = s.units.find((u) => u.state === 'build-failed')!;
    expect(ghost).toMatchObject({ power: 'Skaven', location: 'cour' });
    expect(s.units.find((u) => u.location === 'cour' && u.state === 'normal')).toMatchObject({
      power: 'Bretonnia',
      type: 'F',
    });
    expect(s.units.find((u) => u.state === 'built')).toMatchObject({ power: 'Skaven', location: 'midd' });
  });

  it("Mandate of Heaven: the players' vote retreats a neutral's army and, in winter, disbands it (drawn, never a ballot)", () => {
    const retreat = sceneOf(image('mandate-of-heaven-spring-retreat-vote.png'));
    expect(retreat.orders.find((o) => o.kind === 'retreat')).toMatchObject({
      power: 'Wey',
      order: 'A diq R jul',
      outcome: 'success',
    });
    expect(
      image('mandate-of-heaven-spring-retreat-vote.png').opts.adjudication!.results.find((r) => r.power === 'Wey')!
        .reason,
    ).toMatch(/adopted by the players' vote/);
    const winter = sceneOf(image('mandate-of-heaven-winter-adjustments.png'));
    expect(winter.units.find((u) => u.location === 'jul')).toMatchObject({ power: 'Wey', state: 'disbanded' });
    expect(winter.units.find((u) => u.state === 'built')).toMatchObject({ power: 'Qi', location: 'jia' });
    for (const s of [retreat, winter])
      expect(
        s.orders.every((o) => o.power === 'Wey' || o.power === 'Qi'),
        'only what the vote adopted and the players ordered',
      ).toBe(true);
  });

  it('Warring States: a rapid river move that succeeds, through its own army, and the retreats after it', () => {
    const s = sceneOf(image('warring-states-spring-2-rapid-move.png'));
    expect(s.orders.find((o) => o.kind === 'path')).toMatchObject({
      power: 'Wei',
      order: 'F dal - zmo - zhe - luo',
      outcome: 'success',
      failed: false,
    });
    expect(
      s.symbols
        .filter((x) => x.kind === 'dislodged')
        .map((x) => x.unit)
        .sort(),
    ).toEqual(['hch', 'wei']);
    const r = sceneOf(image('warring-states-spring-2-retreats.png'));
    expect(r.orders.find((o) => o.kind === 'retreat')).toMatchObject({ order: 'A wei R hen', outcome: 'success' });
    expect(r.units.find((u) => u.location === 'hch' && u.dislodged)).toMatchObject({
      power: 'Han',
      state: 'disbanded',
    });
  });
});
