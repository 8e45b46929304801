/**
 * One link flooding the pad (docs/pad.md "Limits"; docs/decisions.md "Bot, abuse and logs": order and counts, never
 * timings): while a player's link sends hundreds of requests (pages, views, maps, orders) from one address, it is
 * answered 429 past its rate and stores nothing more; another game's player, from another address, is served every
 * time, and that game's phase resolves and its results post goes out. From the same address as another game's
 * player (behind one proxy), the flood spends only its link's rate: that player is served. A body over the size is
 * refused (413), stores nothing, and its connection is closed and said to be, so the client's next requests go through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForResults } from '../bot/harness.js';
import { startPadHarness, type PadHarness } from './pad-support.js';

const FLOODED = 'flooded';
const QUIET = 'quiet';
const PER_LINK = 40;

describe('a flood from one link', () => {
  let pad: PadHarness;

  beforeAll(async () => {
    pad = await startPadHarness(
      { users: ['gm', 'flooder', 'victim', 'anna', 'ben'], channels: [FLOODED, QUIET] },
      { limits: { perLink: PER_LINK, perAddress: 10_000, windowSeconds: 60 } },
    );
    const { h } = pad;
    for (const [channel, a, b] of [
      [FLOODED, 'flooder', 'victim'],
      [QUIET, 'anna', 'ben'],
    ] as const) {
      await h.fake.slash('gm', channel, 'game create', {
        variant: 'classic',
        movement: '1h',
        retreat: '1h',
        adjustment: '1h',
      });
      await h.fake.slash(a, channel, 'game join', { power: 'France' });
      await h.fake.slash(b, channel, 'game join', { power: 'Germany' });
      await h.fake.slash('gm', channel, 'game start');
    }
  });

  afterAll(async () => {
    await pad?.close();
  });

  it('is refused past its rate while another game is served and resolved', async () => {
    const { h } = pad;
    const flooder = (await pad.link('flooder', FLOODED)).split('/pad/')[1]!.split('?')[0]!;
    const quiet = (await pad.link('anna', QUIET)).split('/pad/')[1]!.split('?')[0]!;
    const from = (address: string, token: string) => ({
      authorization: `Bearer ${token}`,
      'x-forwarded-for': address,
      'content-type': 'application/json',
    });
    const view = (await (
      await fetch(`${pad.publicUrl}/api/view`, { headers: from('198.51.100.9', flooder) })
    ).json()) as {
      phase: { id: number };
    };
    const paths = ['/api/view', '/api/state', '/api/map'];
    const flood = Array.from({ length: 300 }, (_, i) =>
      i % 4 === 3
        ? fetch(`${pad.publicUrl}/api/orders`, {
            method: 'POST',
            headers: from('198.51.100.9', flooder),
            body: JSON.stringify({ text: i % 8 === 3 ? 'A par - bur' : 'A par - pic', phaseId: view.phase.id }),
          })
        : fetch(`${pad.publicUrl}${paths[i % 3]}`, { headers: from('198.51.100.9', flooder) }),
    );
    // Meanwhile the quiet game plays on: its player's pad, its orders, its phase and results post.
    const served: number[] = [];
    for (let i = 0; i < 10; i++)
      served.push((await fetch(`${pad.publicUrl}/api/view`, { headers: from('203.0.113.7', quiet) })).status);
    await h.fake.slash('anna', QUIET, 'order', { orders: 'A par - bur' });
    await h.fake.slash('anna', QUIET, 'ready');
    await h.fake.slash('ben', QUIET, 'ready');
    const results = await waitForResults(h, QUIET, 'Spring 1901 movement');
    const statuses = (await Promise.all(flood)).map((r) => r.status);
    expect(served).toEqual(Array(10).fill(200));
    expect(results.content).toContain('A par - bur');
    // The flood: at most the link's rate served (one was the view above), every other request refused with 429.
    const ok = statuses.filter((s) => s === 200).length;
    expect(ok).toBeLessThanOrEqual(PER_LINK - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(300 - ok);
    // The flooded game is untouched by it otherwise: still its first phase, its player's orders one set.
    const shown = await h.fake.slash('flooder', FLOODED, 'orders show');
    expect(shown.text.match(/^• /gm)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});

describe('a flood from one link behind the address of other players', () => {
  let pad: PadHarness;

  beforeAll(async () => {
    // Every request from this machine, none naming another address: as players behind one proxy or home network.
    pad = await startPadHarness(
      { users: ['gm', 'flooder', 'victim', 'anna', 'ben'], channels: [FLOODED, QUIET] },
      { limits: { perLink: PER_LINK, perAddress: 100, windowSeconds: 60 } },
    );
    for (const [channel, a, b] of [
      [FLOODED, 'flooder', 'victim'],
      [QUIET, 'anna', 'ben'],
    ] as const) {
      await pad.h.fake.slash('gm', channel, 'game create', { variant: 'classic', movement: '1h' });
      await pad.h.fake.slash(a, channel, 'game join', { power: 'France' });
      await pad.h.fake.slash(b, channel, 'game join', { power: 'Germany' });
      await pad.h.fake.slash('gm', channel, 'game start');
    }
  });

  afterAll(async () => {
    await pad?.close();
  });

  it('spends only its own rate: the others at that address are served', async () => {
    const token = async (user: string, channel: string) => (await pad.link(user, channel)).split('/pad/')[1]!;
    const bearer = (t: string) => ({ headers: { authorization: `Bearer ${t.split('?')[0]}` } });
    const flooder = await token('flooder', FLOODED);
    const statuses = await Promise.all(
      Array.from({ length: 300 }, async () => (await fetch(`${pad.publicUrl}/api/state`, bearer(flooder))).status),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(PER_LINK);
    expect(statuses.filter((s) => s === 429)).toHaveLength(300 - PER_LINK);
    // The other game's player, from the same address: its page and its API calls.
    const quiet = await token('anna', QUIET);
    expect((await fetch(`${pad.publicUrl}/pad/${quiet}`)).status).toBe(200);
    const served: number[] = [];
    for (let i = 0; i < 10; i++) served.push((await fetch(`${pad.publicUrl}/api/view`, bearer(quiet))).status);
    expect(served).toEqual(Array(10).fill(200));
  });
});

describe('a body over the size', () => {
  let pad: PadHarness;

  beforeAll(async () => {
    pad = await startPadHarness({ users: ['gm', 'anna', 'ben'], channels: [QUIET] });
    await pad.h.fake.slash('gm', QUIET, 'game create', { variant: 'classic', movement: '1h' });
    await pad.h.fake.slash('anna', QUIET, 'game join', { power: 'France' });
    await pad.h.fake.slash('ben', QUIET, 'game join', { power: 'Germany' });
    await pad.h.fake.slash('gm', QUIET, 'game start');
  });

  afterAll(async () => {
    await pad?.close();
  });

  it('is refused with 413, stores nothing, and closes its connection: the next requests go through', async () => {
    const token = (await pad.link('anna', QUIET)).split('/pad/')[1]!.split('?')[0]!;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const view = (await (await fetch(`${pad.publicUrl}/api/view`, { headers })).json()) as { phase: { id: number } };
    const huge = JSON.stringify({ text: 'A par - bur', phaseId: view.phase.id, filler: 'x'.repeat(2_000_000) });
    const refused = await fetch(`${pad.publicUrl}/api/orders`, { method: 'POST', headers, body: huge });
    expect(refused.status).toBe(413);
    expect(refused.headers.get('connection')).toBe('close');
    expect(((await refused.json()) as { error: string }).error).toContain('too large');
    // The client's next requests, on whichever connection it keeps: every one answered.
    const next: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await fetch(`${pad.publicUrl}/api/orders`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ text: 'A mar H', phaseId: view.phase.id }),
      });
      next.push(r.status);
    }
    expect(next).toEqual([200, 200, 200, 200]);
    expect((await pad.h.fake.slash('anna', QUIET, 'orders show')).text).not.toContain('A par - bur');
  });
});
