/**
 * The fog of war leak scan's tools (docs/table.md "Fog of war", "Tested"), shared by the fog games played twice through
 * the Discord stand-in (test/bot/fog.e2e.test.ts, test/bot/fog-warhammer.e2e.test.ts,
 * test/bot/fog-revolt.e2e.test.ts): pictures drawn by a test seam whose bytes are a digest of what they were drawn
 * from, everything one member read (posts, DMs, replies, files, autocomplete choices, order pad responses) as sorted
 * lines with the world's ids and times as names, and the lines an observer reads in one world and not the other.
 */
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { MapRenderer } from '../../src/bot/maps.js';
import type { Position } from '../../src/engine/types.js';
import type { RenderOptions } from '../../src/render/index.js';
import type { FakeAttachment } from '../support/fake-discord/model.js';
import { digestPng, type Harness } from './harness.js';
import type { PadHarness } from '../web/pad-support.js';

/** One picture the bot asked for: what it was drawn from. */
export interface Drawn {
  name: string;
  position: Position;
  opts: RenderOptions;
  png: Buffer;
}

/** The test seam: the PNG's bytes are a digest of the render input, and each input is kept. */
export function seamMaps(): { maps: MapRenderer; drawn: Drawn[] } {
  const drawn: Drawn[] = [];
  return {
    drawn,
    maps: {
      async render(variant, position, opts, name) {
        const png = digestPng([variant.id, position, opts]);
        drawn.push({ name, position, opts, png });
        return { png, name };
      },
    },
  };
}

/** One world of a scan: its harness, the pad responses read, and how much was read before the fog lifted. */
export interface ScanWorld {
  h: Harness;
  pad: PadHarness;
  /** Each member's order pad responses (its view, state and map's scene), in the order they were read. */
  padReads: Map<string, string[]>;
  /** Deliveries and interactions before the end (the final post opens everything). */
  deliveriesBefore: number;
  interactionsBefore: number;
}

/** Where a world's reading stopped: its deliveries and interactions so far (before the end opens everything). */
export function readSoFar(h: Harness): Pick<ScanWorld, 'deliveriesBefore' | 'interactionsBefore'> {
  return { deliveriesBefore: h.fake.deliveries.length, interactionsBefore: h.fake.interactions().length };
}

function attachmentText(a: FakeAttachment): string {
  if (a.contentType.startsWith('image/'))
    return `${a.filename} ${a.description ?? ''} ${createHash('sha256').update(a.data).digest('hex')}`;
  return `${a.filename}\n${a.data.toString('utf8')}`;
}

/** The world's ids (members, channels, messages) and times as names, so the two worlds' texts compare. */
export function normalizer(h: Harness): (text: string) => string {
  const names = new Map<string, string>();
  for (const u of [...h.fake.users, h.fake.botUser]) names.set(u.id, `@${u.username}`);
  names.set(h.fake.channel('main').id, '#main');
  return (text) =>
    text
      .replace(/<@!?(\d{15,22})>/g, (_, id: string) => names.get(id) ?? '<@id>')
      .replace(/\d{15,22}/g, (id) => names.get(id) ?? '<id>')
      .replace(/<t:\d+(:[a-zA-Z])?>/g, '<t>')
      .replace(/"(createdAt|exportedAt|at)":\s*\d+/g, '"$1":0');
}

/** The status message's text as it stood before the end (`isStatus`: how its text starts). */
export function lastStatus(w: ScanWorld, isStatus: (content: string) => boolean): string {
  const statuses = w.h.fake.deliveries
    .slice(0, w.deliveriesBefore)
    .filter((d) => d.audience.kind === 'channel' && isStatus(d.content));
  return normalizer(w.h)(statuses.at(-1)?.content ?? '');
}

/** Everything `member` read before the end, one line each, sorted. */
export function viewsOf(w: ScanWorld, member: string, isStatus: (content: string) => boolean): string[] {
  const norm = normalizer(w.h);
  const me = w.h.fake.user(member).id;
  // The status message is edited as the game goes, at moments the outbox coalesces differently in each world: it is
  // compared apart (its last text, and each member's `/game status` reply, are in the scan).
  const seen = w.h.fake.deliveries
    .slice(0, w.deliveriesBefore)
    .filter((d) => d.audience.kind === 'channel' || d.audience.userId === me)
    .filter((d) => !isStatus(d.content))
    // A reply is the same reply whether the router answered at once or deferred it and edited (it was busy).
    .map((d) => ({ ...d, via: d.via === 'edit' ? 'interaction' : d.via }))
    .map((d) =>
      norm(`${d.via}: ${d.content}\n${JSON.stringify(d.embeds)}\n${d.attachments.map(attachmentText).join('\n')}`),
    );
  const choices = w.h.fake
    .interactions()
    .slice(0, w.interactionsBefore)
    .filter((i) => i.userId === me && i.type === 4)
    .map((i) => norm(`choices /${i.command}: ${i.choices.map((c) => `${c.name}=${c.value}`).join(', ')}`));
  const pad = (w.padReads.get(member) ?? []).map((r) => `pad: ${r}`);
  return [...seen, ...choices, ...pad].sort();
}

/** What an observer reads in one world and not the other: each is a leak of what differs between the worlds. */
export function leaksBetween<W extends ScanWorld>(
  a: W,
  b: W,
  scan: { observers: readonly string[]; isStatus: (content: string) => boolean },
  plant?: (w: W, member: string) => string[],
): string[] {
  const found: string[] = [];
  for (const member of scan.observers) {
    const va = [...viewsOf(a, member, scan.isStatus), ...(plant?.(a, member) ?? [])];
    const vb = [...viewsOf(b, member, scan.isStatus), ...(plant?.(b, member) ?? [])];
    const inB = new Map<string, number>();
    for (const v of vb) inB.set(v, (inB.get(v) ?? 0) + 1);
    for (const v of va) {
      const n = inB.get(v) ?? 0;
      if (n > 0) inB.set(v, n - 1);
      else found.push(`${member} reads only in world A: ${v.slice(0, 2000)}`);
    }
    for (const [v, n] of inB) if (n > 0) found.push(`${member} reads only in world B: ${v.slice(0, 2000)}`);
  }
  return found;
}

/** What the order pad answers `member` (its view, its state, its map's scene), with its moments as zeros. */
export async function readPad(w: Pick<ScanWorld, 'pad' | 'padReads'>, member: string): Promise<void> {
  const link = new URL(await w.pad.link(member, 'main'));
  const token = link.pathname.split('/').at(-1)!;
  const reads = w.padReads.get(member) ?? [];
  for (const path of ['/api/view', '/api/state', '/api/map', '/api/map/orders']) {
    const res = await fetch(`${w.pad.publicUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status, path).toBe(200);
    reads.push(`${path} ${(await res.text()).replace(/"(now|deadline)":\d+/g, '"$1":0')}`);
  }
  w.padReads.set(member, reads);
}
