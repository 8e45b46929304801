/**
 * `/game create options:` through the real bot against the stand-in: its autocomplete offers the chosen
 * variant's options (its campaign rules) one at a time, and a picked suggestion creates the game with them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';

describe('/game create options: autocomplete', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm'], channels: ['main'] });
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('offers the rules of the chosen variant, keeps what is written, and the picked text creates the game', async () => {
    const first = await h.fake.autocomplete(
      'gm',
      'main',
      'game create',
      { variant: 'warhammer', options: 'orcs' },
      'options',
    );
    expect(first.map((c) => c.value)).toEqual(['orcsInTheHills=pale', 'orcsInTheHills=wrld', 'orcsInTheHills=both']);
    expect(first[0]!.name).toMatch(/^orcsInTheHills=pale: Orcs in the Hills/);
    const second = await h.fake.autocomplete(
      'gm',
      'main',
      'game create',
      { variant: 'warhammer', options: 'orcsInTheHills=pale, strong' },
      'options',
    );
    expect(second.map((c) => c.value)).toEqual(['orcsInTheHills=pale, strongCapitals']);
    // Classic has no options.
    expect(
      await h.fake.autocomplete('gm', 'main', 'game create', { variant: 'classic', options: '' }, 'options'),
    ).toEqual([]);

    const reply = await h.fake.slash('gm', 'main', 'game create', {
      variant: 'warhammer',
      options: String(second[0]!.value),
    });
    expect(reply.text).toContain('Campaign rules: orcsInTheHills=pale, strongCapitals.');
  });
});
