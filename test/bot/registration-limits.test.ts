/**
 * Every command the bot registers, against Discord's limits (test/support/fake-discord/registration.ts): options per
 * level, names and descriptions in every locale, choices, nesting and each command's size, so the bot can never fail
 * to start on a refused registration. The checker is proven able to fail on each rule.
 */
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/bot/commands/index.js';
import {
  MAX_COMMAND_SIZE,
  MAX_OPTIONS,
  commandSize,
  registrationProblems,
} from '../support/fake-discord/registration.js';

/** The bodies as registration sends them (src/bot/register.ts), through JSON as Discord reads them. */
const bodies = () => JSON.parse(JSON.stringify(commands.map((c) => c.data))) as Record<string, unknown>[];

interface Node {
  name: string;
  type?: number;
  options?: Node[];
}

/** Every level of options with its path and count. */
function levels(node: Node, path = `/${node.name}`): { path: string; count: number }[] {
  const options = node.options ?? [];
  return [
    { path, count: options.length },
    ...options.filter((o) => o.type === 1 || o.type === 2).flatMap((o) => levels(o, `${path} ${o.name}`)),
  ];
}

describe('registering every command', () => {
  it('breaks none of Discord’s rules', () => {
    expect(registrationProblems(bodies())).toEqual([]);
  });

  it('keeps every level within 25 options, /game create included, and every command within the size limit', () => {
    const all = bodies().flatMap((b) => levels(b as unknown as Node));
    const create = all.find((l) => l.path === '/game create')!;
    expect(create.count).toBeGreaterThanOrEqual(20);
    expect(create.count).toBeLessThanOrEqual(MAX_OPTIONS);
    for (const level of all) expect(level.count, level.path).toBeLessThanOrEqual(MAX_OPTIONS);
    for (const body of bodies()) expect(commandSize(body), String(body.name)).toBeLessThanOrEqual(MAX_COMMAND_SIZE);
    const gm = bodies().find((b) => b.name === 'gm') as unknown as Node;
    expect(gm.options!.find((o) => o.name === 'set')!.options!.map((o) => o.name)).toEqual(['setting', 'value']);
  });
});

describe('the registration check', () => {
  const base = () => ({
    name: 'order',
    description: 'Give orders',
    options: [{ type: 3, name: 'kind', description: 'Which', choices: [{ name: 'all', value: 'all' }] }],
  });
  const option = (i: number) => ({ type: 3, name: `o${i}`, description: 'An option' });

  it('accepts a well-formed command', () => {
    expect(registrationProblems([base()])).toEqual([]);
  });

  it('refuses each broken rule with a message naming it', () => {
    const cases: [string, (c: ReturnType<typeof base> & Record<string, unknown>) => void, RegExp][] = [
      [
        '26 options',
        (c) => (c.options = Array.from({ length: 26 }, (_, i) => option(i)) as never),
        /more than 25 options/,
      ],
      ['a capital', (c) => (c.name = 'Order'), /not a valid name/],
      ['a long description', (c) => (c.description = 'd'.repeat(101)), /1-100/],
      [
        '26 choices',
        (c) => (c.options[0]!.choices = Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `v${i}` }))),
        /more than 25 choices/,
      ],
      ['a choice on a boolean', (c) => (c.options[0]!.type = 5), /choices on an option of type 5/],
      [
        'a number choice on a string',
        (c) => (c.options[0]!.choices = [{ name: 'x', value: 1 as never }]),
        /does not fit/,
      ],
      [
        'max_length on an integer',
        (c) => Object.assign(c.options[0]!, { type: 4, choices: undefined, max_length: 5 }),
        /max_length on an option of type 4/,
      ],
      [
        'max_length over 6000',
        (c) => Object.assign(c.options[0]!, { choices: undefined, max_length: 6001 }),
        /max_length 6001/,
      ],
      [
        'autocomplete on a user',
        (c) => Object.assign(c.options[0]!, { type: 6, choices: undefined, autocomplete: true }),
        /autocomplete on an option of type 6/,
      ],
      [
        'a required option after an optional one',
        (c) => c.options.push({ ...option(1), required: true } as never),
        /required options must come before/,
      ],
      [
        'subcommands beside plain options',
        (c) => c.options.push({ type: 1, name: 'sub', description: 'A sub' } as never),
        /subcommands and plain options/,
      ],
      [
        'a localized description too long',
        (c) => Object.assign(c, { description_localizations: { fr: 'd'.repeat(101) } }),
        /fr description has 101/,
      ],
      [
        'a command over 8000 characters at its longest',
        (c) =>
          (c.options = Array.from({ length: 25 }, (_, i) => ({
            ...option(i),
            description_localizations: { fr: 'd'.repeat(100) },
            choices: Array.from({ length: 25 }, (_, j) => ({
              name: `c${j}`,
              value: `v${j}`,
              name_localizations: { fr: 'n'.repeat(10) },
            })),
          })) as never),
        /characters, its longest texts counted/,
      ],
    ];
    for (const [what, breakIt, message] of cases) {
      const command = base() as ReturnType<typeof base> & Record<string, unknown>;
      breakIt(command);
      expect(registrationProblems([command]).join('\n'), what).toMatch(message);
    }
    expect(registrationProblems(Array.from({ length: 101 }, (_, i) => ({ ...base(), name: `c${i}` })))).toContain(
      'more than 100 commands (101)',
    );
    expect(registrationProblems([base(), base()])).toContain('duplicate command name "order"');
  });
});
