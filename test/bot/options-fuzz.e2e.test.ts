/**
 * Every free-text option of every slash command, filled with hostile text (random unicode, 6,000 characters,
 * control characters, zero-width and right-to-left marks, Discord markup): each command is answered exactly once,
 * within Discord's limits (the fake refuses anything longer), and never with the internal-error text.
 * Seeded and bounded: one value per option, drawn from a fixed seed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import type { RegisteredOption } from '../support/fake-discord/model.js';
import type { OptionValue } from '../support/fake-discord/commands.js';
import { createHarness, type Harness } from './harness.js';

interface Target {
  path: string;
  option: string;
  base: Record<string, OptionValue>;
}

/** A value a member could send for an option the test does not fuzz (null: the test cannot send one). */
function filler(o: RegisteredOption): OptionValue | null {
  if (o.choices?.length) return o.choices[0]!.value;
  switch (o.type) {
    case 3:
      return 'x';
    case 4:
    case 10:
      return 1;
    case 5:
      return false;
    default:
      return null;
  }
}

/** Every (command path, free-text option) pair of the registered commands, with the other required options filled. */
function targets(commands: { name: string; options: RegisteredOption[] }[]): Target[] {
  const out: Target[] = [];
  const leaf = (path: string, options: RegisteredOption[]) => {
    const base: Record<string, OptionValue> = {};
    for (const o of options.filter((x) => x.required)) {
      const v = filler(o);
      if (v === null) return; // a required user, channel or file: left to the command's own tests
      base[o.name] = v;
    }
    for (const o of options) if (o.type === 3 && !o.choices?.length) out.push({ path, option: o.name, base });
  };
  const walk = (path: string, options: RegisteredOption[]) => {
    const subs = options.filter((o) => o.type === 1 || o.type === 2);
    if (subs.length === 0) return leaf(path, options);
    for (const s of subs) walk(`${path} ${s.name}`, s.options ?? []);
  };
  for (const c of commands) walk(c.name, c.options);
  return out;
}

/** Each option gets this many values; each value is sent by a player, the game's GM, and a member of a channel with no game. */
const ROUNDS = 3;

const hostile = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }),
  fc.constant('A par - bur '.repeat(500)),
  fc.constant('\u0000\u0007\u001b[31m\r\n\t\u007f'),
  fc.constant('\u200b\u200c\u200d\u2060\ufeff\u202eA par\u202c - \u2066bur\u2069'),
  fc.constant('@everyone <@&1> <#1> ||x|| ```js\n``` **__~~`'),
  fc.constant('\ud800 lone surrogate \udfff'),
  fc.constant('🇫🇷'.repeat(1500)),
);

describe('slash-command options fuzz', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob'], channels: ['play', 'empty'] });
    await h.start();
    await h.fake.slash('gm', 'play', 'game create', { variant: 'classic' });
    await h.fake.slash('alice', 'play', 'game join', { power: 'France' });
    await h.fake.slash('bob', 'play', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'play', 'game start');
    await h.bot!.outbox.idle();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('answers every command once, within limits, without an internal error', async () => {
    const all = targets(h.fake.registeredCommands);
    expect(all.length).toBeGreaterThan(10);
    const values = fc.sample(hostile, { seed: 20261128, numRuns: all.length * ROUNDS });
    const internal = [t('en', { key: 'errors.internal' }), t('en', { key: 'errors.failed' })];
    const problems: string[] = [];
    for (const [i, target] of Array.from({ length: ROUNDS }, () => all)
      .flat()
      .entries()) {
      const value = values[i]!.slice(0, 6000);
      for (const [user, channel] of [
        ['alice', 'play'],
        ['gm', 'play'],
        ['gm', 'empty'],
      ] as const) {
        const what = `/${target.path} ${target.option}:${JSON.stringify(value.slice(0, 40))} as ${user}`;
        const before = h.fake.unexpectedErrors().length;
        let answer: Awaited<ReturnType<typeof h.fake.slash>>;
        try {
          answer = await h.fake.slash(user, channel, target.path, { ...target.base, [target.option]: value });
        } catch (e) {
          problems.push(`${what}: no answer (${e instanceof Error ? e.message : String(e)})`);
          continue;
        }
        const initial = answer.responses.filter((r) =>
          ['reply', 'defer', 'modal', 'update', 'deferUpdate'].includes(r.kind),
        );
        if (initial.length !== 1) problems.push(`${what}: ${initial.length} initial answers`);
        if (internal.some((x) => answer.text.includes(x))) problems.push(`${what}: internal error`);
        if (h.fake.unexpectedErrors().length > before)
          problems.push(`${what}: ${JSON.stringify(h.fake.unexpectedErrors().at(-1))}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
