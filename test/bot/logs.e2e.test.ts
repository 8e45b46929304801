/**
 * Secrets out of logs: when Discord refuses or fails a request, the error is logged through
 * the serializer (type, message, Discord code, HTTP status, method, route), never with the request's body.
 * Forced here: a late acknowledgement of `/order` (Discord answers 10062 Unknown interaction, the refused reply
 * carried the stored orders) and HTTP 500s on the order confirmation DM (which carries them too). Every log line
 * from info up is scanned for the order text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapRenderer } from '../../src/bot/maps.js';
import { createLogger } from '../../src/log.js';
import { createHarness, type Harness } from './harness.js';

interface Line {
  level: number;
  msg: string;
  err?: { type?: string; code?: number; status?: number; route?: string };
  [key: string]: unknown;
}

describe('errors from Discord are logged without request or response bodies', () => {
  let h: Harness;
  const raw: string[] = [];
  const lines = () => raw.map((l) => JSON.parse(l) as Line);
  const maps: MapRenderer = { render: async (_v, _p, _o, name) => ({ png: Buffer.from('stand-in png'), name }) };

  beforeAll(async () => {
    const log = createLogger('debug', { write: (s: string) => void raw.push(s) });
    h = await createHarness({ users: ['gm', 'alice'], channels: ['main'] }, { log, maps });
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: '1h' });
    await h.fake.slash('alice', 'main', 'game join', { power: 'France' });
    await h.fake.slash('gm', 'main', 'game start');
    await h.bot!.outbox.idle();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('a late acknowledgement (10062) and a DM answered with 500 log codes and routes, never the orders', async () => {
    const { fake } = h;
    // The acknowledgement reaches Discord after its 3 s: 10062.
    const late = fake.slashNoWait('alice', 'main', 'order', { orders: 'A par - bur' });
    fake.state.transport.slow(late.id, 3_300);
    await expect.poll(() => lines().some((l) => l.err?.code === 10062), { timeout: 15_000 }).toBe(true);

    // Discord fails the confirmation DM with 500 a few times (discord.js retries each 3 times itself).
    fake.state.transport.fail(fake.user('alice').id, 500, 6);
    const reply = await fake.slash('alice', 'main', 'order', { orders: 'F bre - mao' });
    expect(reply.text).toContain('F bre - mao');
    await expect
      .poll(() => fake.dms('alice').some((m) => m.content.includes('F bre - mao')), { timeout: 20_000 })
      .toBe(true);
    // A DM's error names its DM channel: the warning says the game and the reason, the error is at debug.
    const dmChannel = fake.dmChannelOf('alice').id;
    expect(lines().some((l) => l.reason === 'discord 500' && l.level === 40 && typeof l.gameId === 'number')).toBe(
      true,
    );
    expect(lines().some((l) => l.err?.status === 500 && l.level === 20 && l.err.route?.includes(dmChannel))).toBe(true);

    // The secret texts were in the refused requests; no line from info up carries them, nor any body.
    const secrets = ['par - bur', 'bre - mao', 'A par', 'F bre'];
    const visible = raw.filter((l) => (JSON.parse(l) as Line).level >= 30);
    expect(visible.length).toBeGreaterThan(10);
    for (const line of visible) for (const secret of secrets) expect(line, line).not.toContain(secret);
    // No request or response body at any level, debug included.
    for (const line of raw) expect(line).not.toMatch(/requestBody|rawError|"files"|"json"|enforce_nonce/);
    // Routes keep ids but never an interaction token.
    for (const l of lines())
      if (l.err?.route?.startsWith('/interactions/')) expect(l.err.route).toMatch(/^\/interactions\/\d+\/:token\//);
    // Outbox deliveries are logged at info: kind, attempts, milliseconds. The line follows Discord's answer, so the DM
    // can be seen before it is written: wait for it.
    await expect
      .poll(() =>
        lines().some(
          (l) =>
            l.msg === 'outbox delivered' && l.kind === 'dm' && typeof l.ms === 'number' && (l.attempts as number) > 1,
        ),
      )
      .toBe(true);
    expect(fake.unexpectedErrors()).toEqual([]);
  });

  it("a DM that cannot be delivered is warned about by its game and reason, never its DM channel's or member's id", async () => {
    const { fake } = h;
    fake.closeDms('alice');
    const from = raw.length;
    // alice's order confirmation is a DM she no longer accepts.
    await fake.slash('alice', 'main', 'order', { orders: 'A mar - spa' });
    await expect
      .poll(() =>
        lines()
          .slice(from)
          .some((l) => l.msg === 'outbox delivery given up' && l.reason === 'dm_closed'),
      )
      .toBe(true);
    const ids = [fake.dmChannelOf('alice').id, fake.user('alice').id];
    const fresh = lines().slice(from);
    const warned = fresh.filter((l) => l.level >= 40);
    expect(warned.find((l) => l.reason === 'dm_closed')).toMatchObject({ gameId: expect.any(Number), kind: 'dm' });
    for (const l of warned) for (const id of ids) expect(JSON.stringify(l)).not.toContain(id);
    // The operator who asked for debug reads the route and the member.
    const full = fresh.find((l) => l.msg === 'outbox DM failure, in full')!;
    expect(full.level).toBe(20);
    for (const id of ids) expect(JSON.stringify(full)).toContain(id);
    fake.openDms('alice');
  });
});
