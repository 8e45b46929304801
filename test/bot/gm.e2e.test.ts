/**
 * The game master's tools and the read-only commands through the real bot: /gm pause, resume, extend,
 * replace, advance and rollback, then /history, /why and /map (issue 4 §2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';

describe('game master tools and read-only commands', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'dave'], channels: ['main'] });
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: '1h' });
    await h.fake.slash('alice', 'main', 'game join', { power: 'France' });
    await h.fake.slash('bob', 'main', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'main', 'game start');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('pauses and resumes the clock, and extends the deadline', async () => {
    const paused = await h.fake.slash('gm', 'main', 'gm pause');
    expect(paused.ephemeral).toBe(false);
    expect(paused.text).toMatch(/paused the game with [\dhms ]+ left on the clock/);
    const twice = await h.fake.slash('gm', 'main', 'gm pause');
    expect(twice.text).toMatch(/⚠️/);
    const resumed = await h.fake.slash('gm', 'main', 'gm resume');
    expect(resumed.text).toMatch(/resumed the game; the deadline is <t:\d+:R>/);
    const extended = await h.fake.slash('gm', 'main', 'gm extend', { duration: '2h' });
    expect(extended.text).toMatch(/extended the phase by 2h; the deadline is now <t:\d+:R>/);
  });

  it('hands a power in civil disorder to a new player, who can then order for it', async () => {
    const choices = await h.fake.autocomplete('gm', 'main', 'gm replace', { power: 'ita' }, 'power');
    expect(choices.map((c) => c.value)).toEqual(['Italy']);
    const replaced = await h.fake.slash('gm', 'main', 'gm replace', { power: 'Italy', user: 'dave' });
    expect(replaced.text).toContain(`<@${h.fake.user('dave').id}> now plays **Italy**`);
    const order = await h.fake.slash('dave', 'main', 'order', { orders: 'F nap - ion' });
    expect(order.text).toContain('✅ Stored: `F nap - ion`');
    await h.fake.waitForDm('dave', (m) => m.content.includes('Italy'));
  });

  it('resolves at once with /gm advance, and /history, /why and /map show the result', async () => {
    await h.fake.slash('alice', 'main', 'order', { orders: 'A par - bur' });
    const advanced = await h.fake.slash('gm', 'main', 'gm advance');
    expect(advanced.text).toContain('Spring 1901 movement');
    const results = await h.fake.waitForChannelMessage('main', (m) => m.content.startsWith('**Spring 1901 movement: results**'));
    expect(results.content).toContain('`A par - bur`');

    const list = await h.fake.slash('bob', 'main', 'history');
    expect(list.ephemeral).toBe(true);
    expect(list.text).toContain('S1901M');
    const phases = await h.fake.autocomplete('bob', 'main', 'history', { phase: 's19' }, 'phase');
    expect(phases.map((c) => c.value)).toEqual(['S1901M']);
    const detail = await h.fake.slash('bob', 'main', 'history', { phase: 'S1901M' });
    expect(detail.text).toContain('`F nap - ion`');
    const why = await h.fake.slash('bob', 'main', 'why', { province: 'bur' });
    expect(why.text).toContain('A par - bur');
    const provinces = await h.fake.autocomplete('bob', 'main', 'why', { province: 'burg' }, 'province');
    expect(provinces.map((c) => c.value)).toContain('bur');

    const map = await h.fake.slash('alice', 'main', 'map');
    expect(map.ephemeral).toBe(true);
    expect(map.responses.map((r) => r.kind)).toEqual(['defer', 'edit']);
    expect(map.attachments[0]?.contentType).toBe('image/png');
    expect(map.finalText).toContain('Fall 1901 movement');
    const outsider = await h.fake.slash('gm', 'main', 'map');
    expect(outsider.attachments).toHaveLength(1);
  });

  it('rolls back to the start of the previous phase', async () => {
    const rolled = await h.fake.slash('gm', 'main', 'gm rollback');
    expect(rolled.text).toContain('rolled the game back to the start of Spring 1901 movement');
    const mine = await h.fake.slash('alice', 'main', 'orders show');
    expect(mine.text).toContain('Spring 1901');
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
