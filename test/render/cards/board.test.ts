/**
 * The card table picture reads at Discord's preview size: scaled to 550 px wide, every stronghold's
 * owner and every state's controller still show in their colours; a stronghold's number is written on its own
 * disc, and no name, disc or army ever covers another or a number.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import {
  apply,
  newGame,
  publicView,
  stateLabel,
  STRONGHOLD_IDS,
  type Action,
  type Owner,
} from '../../../src/cardgame/index.js';
import { headerText } from '../../../src/render/cards/draw-panels.js';
import { ensureFonts, font } from '../../../src/render/fonts.js';
import { renderCardTable } from '../../../src/render/cards/index.js';
import { boardLayout, type Box, type Circle } from '../../../src/render/cards/draw-board.js';
import {
  dynastyColour,
  BOARD_BOTTOM,
  NEUTRAL_STATE,
  PANEL_X,
  STATE_ARMY_R,
  stateArmyPoints,
  stateCentre,
  STRONGHOLD_R,
  strongholdPoint,
  tint,
  WIDTH,
} from '../../../src/render/cards/layout.js';
import { colorDistance, rgbToHex } from '../../../src/render/color-science.js';
import { table } from '../../cardgame/fixtures.js';

const PREVIEW_WIDTH = 550;

/** The picture scaled as Discord's preview shows it, and a pixel reader in the full picture's coordinates. */
async function preview(
  png: Buffer,
): Promise<{ scale: number; at: (x: number, y: number) => [number, number, number] }> {
  const img = await loadImage(png);
  const scale = PREVIEW_WIDTH / img.width;
  const w = PREVIEW_WIDTH;
  const h = Math.round(img.height * scale);
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0, w, h);
  const data = ctx.getImageData(0, 0, w, h).data;
  return {
    scale,
    at: (x, y) => {
      const i = (Math.round(y * scale) * w + Math.round(x * scale)) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

const rgb = (c: string): [number, number, number] => {
  const m = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(c);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3])];
  const n = parseInt(c.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const distance = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

describe('the card table at Discord preview size', () => {
  it('shows who holds each stronghold and each state in their colours at 550 px wide', async () => {
    const dynasties = ['chu', 'jin', 'qi', 'qin', 'yan'] as const;
    // every stronghold held: one army each, the owners in turn; states controlled in turn, some neutral
    const strongholds: Record<number, Owner[]> = {};
    STRONGHOLD_IDS.forEach((h, i) => (strongholds[h] = [i % 5]));
    const t = table({
      dynasties: [...dynasties],
      hands: [[], [], [], [], []],
      strongholds,
      states: { xing: [0], gu: [1], lu: [2], song: [3], cai: [4], wey: ['neutral', 3] },
      current: 'zhou',
    });
    const image = await renderCardTable(publicView(t));
    const { scale, at } = await preview(image.png);
    expect(image.width * scale).toBe(PREVIEW_WIDTH);
    // strongholds: the owner's colour on the disc, beside the number (left of centre)
    for (const [i, h] of STRONGHOLD_IDS.entries()) {
      const p = strongholdPoint(h);
      const seen = at(p.x - STRONGHOLD_R * 0.72, p.y);
      expect(distance(seen, rgb(dynastyColour(dynasties[i % 5]!))), `stronghold ${h} at preview size`).toBeLessThan(70);
    }
    // states: the controller's tint, clearly apart from a neutral state's grey
    const expectTint = (st: Parameters<typeof stateCentre>[0], colour: string) => {
      const c = stateCentre(st);
      const seen = at(c.x - 62, c.y + 20);
      expect(distance(seen, rgb(colour)), `${st} at preview size`).toBeLessThan(30);
    };
    expectTint('xing', tint(dynastyColour('chu')));
    expectTint('gu', tint(dynastyColour('jin')));
    expectTint('lu', tint(dynastyColour('qi')));
    expectTint('song', tint(dynastyColour('qin')));
    expectTint('cai', tint(dynastyColour('yan')));
    expectTint('wey', tint(dynastyColour('qin')));
    expectTint('zheng', NEUTRAL_STATE);
    // every tint stands apart from the neutral grey and from each other (ΔE2000 ≥ 20), the pale ones (Qin's
    // yellow) included; under colour-blindness the state's army carries its dynasty's name as well
    const tints = [...dynasties.map((d) => rgbToHex(rgb(tint(dynastyColour(d))))), NEUTRAL_STATE];
    for (let a = 0; a < tints.length; a++)
      for (let b = a + 1; b < tints.length; b++)
        expect(colorDistance(tints[a]!, tints[b]!), `${tints[a]} / ${tints[b]}`).toBeGreaterThanOrEqual(20);
  });

  it('every stronghold number reads at 550 px wide: at least 6 px high, empty or held', async () => {
    // (numbers 17 px high in the full picture were 3–4 px at preview size: "tiny but present")
    const dynasties = ['chu', 'jin', 'qi', 'qin', 'yan'] as const;
    const held: Record<number, Owner[]> = {};
    STRONGHOLD_IDS.forEach((h, i) => (held[h] = [i % 5]));
    for (const strongholds of [{}, held] as Record<number, Owner[]>[]) {
      const t = table({ dynasties: [...dynasties], hands: [[], [], [], [], []], strongholds });
      const img = await loadImage((await renderCardTable(publicView(t))).png);
      const scale = PREVIEW_WIDTH / img.width;
      const w = PREVIEW_WIDTH;
      const h = Math.round(img.height * scale);
      const canvas = createCanvas(w, h);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(img, 0, 0, w, h);
      const data = ctx.getImageData(0, 0, w, h).data;
      const heights = STRONGHOLD_IDS.map((id) => {
        const p = strongholdPoint(id);
        const [cx, cy, r] = [p.x * scale, p.y * scale, STRONGHOLD_R * scale * 0.8];
        const disc = strongholds[id] ? rgb(dynastyColour(dynasties[STRONGHOLD_IDS.indexOf(id) % 5]!)) : [255, 255, 255];
        // the number: the pixels inside the disc far from its colour
        let top = Infinity;
        let bottom = -Infinity;
        for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
          for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) {
            if (Math.hypot(x - cx, y - cy) > r) continue;
            const i = (y * w + x) * 4;
            if (distance([data[i]!, data[i + 1]!, data[i + 2]!], disc) > 110)
              [top, bottom] = [Math.min(top, y), Math.max(bottom, y)];
          }
        }
        return [id, bottom - top + 1] as const;
      });
      for (const [id, height] of heights)
        expect(height, `stronghold ${id}'s number at 550 px`).toBeGreaterThanOrEqual(6);
    }
  });

  it('a held state’s army names its dynasty legibly at 550 px wide (colour is not the only cue)', async () => {
    const dynasties = ['chu', 'jin', 'qi', 'qin', 'yan'] as const;
    const states = { zhongshan: [0], xing: [1], gu: [2], lu: [3], song: [4] } as const;
    const t = table({ dynasties: [...dynasties], hands: [[], [], [], [], []], states: states as never });
    const img = await loadImage((await renderCardTable(publicView(t))).png);
    const scale = PREVIEW_WIDTH / img.width;
    const [w, h] = [PREVIEW_WIDTH, Math.round(img.height * scale)];
    const canvas = createCanvas(w, h);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0, w, h);
    const data = ctx.getImageData(0, 0, w, h).data;
    for (const [st, [seat]] of Object.entries(states)) {
      const p = stateArmyPoints(st as keyof typeof states).top;
      const [cx, cy, r] = [p.x * scale, p.y * scale, STATE_ARMY_R * scale * 0.85];
      const disc = rgb(dynastyColour(dynasties[seat!]!));
      let [top, bottom, left, right] = [Infinity, -Infinity, Infinity, -Infinity];
      for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
        for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) {
          if (Math.hypot(x - cx, y - cy) > r) continue;
          const i = (y * w + x) * 4;
          if (distance([data[i]!, data[i + 1]!, data[i + 2]!], disc) > 110)
            [top, bottom, left, right] = [Math.min(top, y), Math.max(bottom, y), Math.min(left, x), Math.max(right, x)];
        }
      }
      expect(bottom - top + 1, `${st}: its army's dynasty name at 550 px`).toBeGreaterThanOrEqual(5);
    }
  });

  it('writes every stronghold number on its own disc; no name, army or disc covers another', () => {
    ensureFonts();
    const ctx = createCanvas(10, 10).getContext('2d');
    const layout = boardLayout((text, size) => {
      ctx.font = font(size, true);
      return ctx.measureText(text).width;
    });
    const circleBox = (c: Circle, pad = 0): Box => ({
      x: c.x - c.r - pad,
      y: c.y - c.r - pad,
      w: 2 * (c.r + pad),
      h: 2 * (c.r + pad),
    });
    const circlesMeet = (a: Circle, b: Circle, pad: number) => Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r + pad;
    const boxesMeet = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
    const boxMeetsCircle = (b: Box, c: Circle) => {
      const nx = Math.max(b.x, Math.min(c.x, b.x + b.w));
      const ny = Math.max(b.y, Math.min(c.y, b.y + b.h));
      return Math.hypot(c.x - nx, c.y - ny) < c.r;
    };
    // a stronghold with 2 armies is drawn 3 px wider (the ring of the army beneath)
    const discs = [
      ...layout.strongholds.map((c) => ({ ...c, r: c.r + 3, id: `stronghold ${c.id}` })),
      ...layout.armies,
    ];
    const clashes: string[] = [];
    for (let a = 0; a < discs.length; a++)
      for (let b = a + 1; b < discs.length; b++)
        if (circlesMeet(discs[a]!, discs[b]!, 2)) clashes.push(`${discs[a]!.id} / ${discs[b]!.id}`);
    for (const n of layout.names)
      for (const d of discs) if (boxMeetsCircle(n, d)) clashes.push(`${n.id} name / ${d.id}`);
    for (let a = 0; a < layout.names.length; a++)
      for (let b = a + 1; b < layout.names.length; b++)
        if (boxesMeet(layout.names[a]!, layout.names[b]!))
          clashes.push(`${layout.names[a]!.id} / ${layout.names[b]!.id}`);
    expect(clashes).toEqual([]);
    // the board stays clear of the title (top), the panels (right) and the rows below it
    for (const d of discs) {
      const b = circleBox(d);
      expect(b.y, d.id).toBeGreaterThan(56);
      expect(b.x + b.w, d.id).toBeLessThan(PANEL_X - 10);
      expect(b.y + b.h, d.id).toBeLessThan(BOARD_BOTTOM - 6);
      expect(b.x).toBeGreaterThan(0);
    }
    expect(WIDTH).toBe(1600);
  });

  it('a stack of 2 on a stronghold keeps its number readable: the top army’s colour with the number in contrast', async () => {
    const t = table({ dynasties: ['chu', 'qi'], hands: [[], []], strongholds: { 14: [0, 1], 19: [1, 1] } });
    const image = await renderCardTable(publicView(t));
    const img = await loadImage(image.png);
    const canvas = createCanvas(img.width, img.height);
    const c = canvas.getContext('2d');
    c.drawImage(img, 0, 0);
    for (const h of [14, 19]) {
      const p = strongholdPoint(h);
      const px = c.getImageData(Math.round(p.x) - 8, Math.round(p.y) - 7, 16, 14).data;
      let white = 0;
      let blue = 0;
      for (let i = 0; i < px.length; i += 4) {
        if (px[i]! > 220 && px[i + 1]! > 220 && px[i + 2]! > 220) white++;
        if (distance([px[i]!, px[i + 1]!, px[i + 2]!], rgb(dynastyColour('qi'))) < 40) blue++;
      }
      // white digits on Qi's blue core (the top army), each a good part of the number's box
      expect(white, `stronghold ${h}: the number`).toBeGreaterThan(20);
      expect(blue, `stronghold ${h}: the top army`).toBeGreaterThan(40);
    }
  });
});

describe('the card table title', () => {
  it('says "Battle in" only while that battle is fought: between rounds the state shown is the last battle’s', () => {
    let s = newGame({ seats: 3, seed: 'title' });
    const step = (a: Action) => {
      const r = apply(s, a);
      if (!r.ok) throw new Error(r.error);
      s = r.state;
    };
    expect(headerText(publicView(s))).toBe('Warring States · Round 1 · setup');
    for (let seat = 0; seat < 3; seat++) step({ type: 'give', seat });
    expect(headerText(publicView(s))).toBe('Warring States · Round 1 · choosing the battle');
    step({ type: 'choose', seat: s.chooser!.seat });
    expect(headerText(publicView(s))).toBe(`Warring States · Round 1 · Battle in ${stateLabel(s.currentState!)}`);
    while (s.phase === 'battle') step({ type: 'fallBack', seat: s.turnSeat! });
    // round 2 is not fought yet; the state of round 1 is still the current one in the state
    expect([s.phase, s.round, s.currentState !== null]).toEqual(['choose', 2, true]);
    expect(headerText(publicView(s))).toBe('Warring States · Round 2 · choosing the battle');
  });
});
