/**
 * `/variant add` (src/game/variant-library/library.ts) when two adds race (docs/variants.md "A server's variants"):
 * on either database the outcome is the one the same adds give one after the other — the same name again replaces
 * the entry, a full library refuses the one too many — never a database error. On PostgreSQL the adds' transactions
 * are held until both have read the library, so both find the name free and both write it; the store runs the one
 * the server refused (a unique violation, or a serialization failure) again, and it then finds the entry the other
 * wrote (src/store/postgres-store.ts). SQLite runs one writing transaction at a time. A file refused by the checks
 * (a province name holding markup) leaves the library as it was.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameDeps } from '../../../src/game/core/index.js';
import {
  addServerVariant,
  listServerVariants,
  VARIANT_LIBRARY_LIMITS,
} from '../../../src/game/variant-library/index.js';
import { serverVariants } from '../../../src/store/schema.js';
import { internalErrors, makeEnv, TEST_DIALECT, type TestEnv } from '../helpers.js';

const docs = readFileSync(new URL('../../../docs/variants.md', import.meta.url), 'utf8');
const example = docs.slice(docs.indexOf('A small example')).match(/```json\n([\s\S]*?)```/)![1]!;
/** The documented example with its hills named `hills`: another file (another stored id) for each name. */
const fileNamed = (hills: string) => example.replace('"The Hills"', `"${hills}"`);

let env: TestEnv;
beforeEach(async () => {
  env = await makeEnv();
});
afterEach(async () => env.close());

type Insertable = { insert(table: unknown): { values(v: unknown): PromiseLike<unknown> } };

/**
 * `deps` whose transactions, the first time each writes a server's entry, wait for `count` of them to be there (at
 * most a while: SQLite never runs two at once): the adds then all read the library before any writes to it.
 */
function meeting(deps: GameDeps, count: number): GameDeps {
  const ms = TEST_DIALECT === 'postgres' ? 10_000 : 20;
  let arrived = 0;
  let open: () => void = () => {};
  const all = new Promise<void>((resolve) => {
    open = resolve;
  });
  const meet = () => {
    if (++arrived >= count) open();
    return Promise.race([all, new Promise<void>((resolve) => setTimeout(resolve, ms))]);
  };
  const held = (tx: object) => {
    let met = false;
    return new Proxy(tx, {
      get(t, name, receiver) {
        const value = Reflect.get(t, name, receiver);
        if (name !== 'insert') return typeof value === 'function' ? value.bind(t) : value;
        return (table: unknown) => {
          const builder = (t as Insertable).insert(table);
          if (table !== serverVariants || met) return builder;
          met = true;
          return {
            values: (v: unknown) => {
              const query = builder.values(v);
              return meet().then(() => query);
            },
          };
        };
      },
    });
  };
  const store = new Proxy(deps.store, {
    get(target, name, receiver) {
      if (name !== 'transaction') return Reflect.get(target, name, receiver);
      return (fn: (tx: never) => Promise<unknown>, opts?: never) =>
        target.transaction((tx) => fn(held(tx as object) as never), opts);
    },
  });
  return { ...deps, store };
}

const add = (deps: GameDeps, name: string, text: string) =>
  addServerVariant(deps, {
    guildId: 'guild-1',
    userId: 'user-admin',
    upload: { file: { name: 'marches.json', text }, svg: null, name },
    bytes: text.length,
  });

async function library() {
  const r = await listServerVariants(env.deps, 'guild-1');
  if (!r.ok) throw new Error('no library');
  return r.variants.map((v) => v.name).sort();
}

describe('two /variant add at once', () => {
  it('of one name: both accepted, the later replacing the earlier, as one after the other', async () => {
    const deps = meeting(env.deps, 2);
    const both = await Promise.all([
      add(deps, 'Marches', fileNamed('The Hills')),
      add(deps, 'marches', fileNamed('Highlands')),
    ]);
    // Whichever committed first was the new one, the other replaced it: either order, as two adds one after the other.
    const replaced = both.map((r) => (r.ok ? r.replaced : r));
    expect([...replaced].sort()).toEqual([false, true]);
    expect(await library()).toEqual([replaced[0] === true ? 'Marches' : 'marches']);
    expect(internalErrors).toEqual([]);
  });

  it('of two names into a library with room for one: one accepted, the other refused as full', async () => {
    for (let i = 1; i < VARIANT_LIBRARY_LIMITS.maxVariants; i++)
      expect((await add(env.deps, `Marches ${i}`, fileNamed(`Hills ${i}`))).ok).toBe(true);
    const deps = meeting(env.deps, 2);
    const both = await Promise.all([
      add(deps, 'North', fileNamed('North Hills')),
      add(deps, 'South', fileNamed('South Hills')),
    ]);
    const refusals = both.filter((r) => !r.ok).map((r) => (r.ok ? null : r.refusal.key));
    expect(refusals).toEqual(['variant.refused.full']);
    expect(await library()).toHaveLength(VARIANT_LIBRARY_LIMITS.maxVariants);
    expect(internalErrors).toEqual([]);
  });
});

describe('/variant add of a file whose names Discord would read as markup', () => {
  it('is refused naming the province, and nothing is stored', async () => {
    const r = await add(env.deps, 'Marches', fileNamed('The **Hills**'));
    expect(r.ok ? null : { refusal: r.refusal.key, problems: r.problems }).toEqual({
      refusal: 'variant.refused.problems',
      problems: [
        "province hills: its name, shown in the bot's posts, may not hold \\* (Discord reads them as markup or a mention)",
      ],
    });
    expect(await library()).toEqual([]);
  });
});
