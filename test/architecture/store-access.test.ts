/**
 * The game layer reaches the database only through the `Store` both databases give it (docs/store.md "The store on
 * two databases"; docs/architecture.md "Persistence"):
 *
 * - it imports of `src/store` only the store's interface, the schema and the shared queries (`store.ts`, `schema.ts`,
 *   `queries.ts`, `prepared.ts`), never an opener (`db.ts`, `sqlite-store.ts`, `postgres-store.ts`, `open.ts`) nor a
 *   driver, and never names `OpenedStore`, the handle with the database outside any transaction: every read of a
 *   use-case is in a transaction;
 * - it never ends a query with the SQLite-only `.get()`, `.all()`, `.run()` or `.values()`, which compile against the
 *   query builders' types and fail on PostgreSQL (src/store/store.ts `StoreDb`): it awaits the builder instead.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './import-graph.js';

/** What the game layer may import of src/store. */
const PORTABLE_STORE = ['src/store/store.ts', 'src/store/schema.ts', 'src/store/queries.ts', 'src/store/prepared.ts'];
/** Database drivers and drizzle's driver bindings: only the store's openers import them. */
const DRIVERS = /^(better-sqlite3|pg|postgres|drizzle-orm\/(better-sqlite3|node-postgres|postgres-js|libsql))(\/|$)/;
/** The calls that start a query builder. */
const BUILDERS = new Set(['select', 'selectDistinct', 'insert', 'update', 'delete', 'with']);
/** The query builders' SQLite-only ways to run a query (`values` without arguments: an insert's `.values(row)` is not it). */
const SQLITE_ONLY = new Set(['get', 'all', 'run', 'values']);

/** The name a call calls (`x.from(…)` → `from`), or undefined. */
const calledName = (node: ts.Node): string | undefined =>
  ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : undefined;

/** Does the chain of calls and property reads below `node` start a query builder (`tx.select()…`)? */
function startsQuery(node: ts.Expression): boolean {
  for (let e: ts.Expression = node; ; ) {
    if (BUILDERS.has(calledName(e) ?? '')) return true;
    if (ts.isCallExpression(e) || ts.isPropertyAccessExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
    else if (ts.isParenthesizedExpression(e) || ts.isAwaitExpression(e)) e = e.expression;
    else return false;
  }
}

/** What a game-layer file does with the store that only SQLite runs, or that reaches around a transaction. */
function storeProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
    const specifier = ref.fileName;
    if (DRIVERS.test(specifier)) problems.push(`${file} imports the driver ${specifier}`);
    if (!specifier.startsWith('.')) continue;
    const to = relative(ROOT, resolve(ROOT, dirname(file), specifier))
      .split(sep)
      .join('/')
      .replace(/\.js$/, '.ts');
    if (to.startsWith('src/store/') && !PORTABLE_STORE.includes(to))
      problems.push(`${file} imports ${to}, not the store's interface`);
  }
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const walk = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === 'OpenedStore')
      problems.push(`${at(node)} names OpenedStore, the database outside any transaction`);
    const name = calledName(node);
    const call = node as ts.CallExpression;
    const runs = name === 'values' ? call.arguments.length === 0 : SQLITE_ONLY.has(name ?? '');
    if (runs && startsQuery(call.expression))
      problems.push(`${at(node)} runs a query with the SQLite-only .${name}(): ${node.getText().slice(0, 100)}`);
    ts.forEachChild(node, walk);
  };
  walk(source);
  return problems;
}

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe('the game layer reaches the database only through the Store', () => {
  it('finds SQLite-only calls, openers, drivers and the opened store (the checker itself)', () => {
    const f = 'src/game/x/y.ts';
    expect(storeProblems(f, 'const g = tx.select().from(games).where(eq(games.id, id)).get();')).toHaveLength(1);
    expect(storeProblems(f, 'const n = (await tx.update(games).set({ a: 1 }).returning()).length;')).toEqual([]);
    expect(storeProblems(f, 'tx.insert(outbox).values(row).run();')).toHaveLength(1);
    expect(storeProblems(f, 'const rows = tx.select({ id: t.id }).from(t).values();')).toHaveLength(1);
    expect(storeProblems(f, 'await tx.insert(outbox).values(row).onConflictDoNothing();')).toEqual([]);
    expect(storeProblems(f, 'tx.delete(outbox).where(x).run(); tx.select().from(t).all();')).toHaveLength(2);
    expect(storeProblems(f, 'const rows = first(await tx.select().from(t).limit(1));')).toEqual([]);
    // A map's or a set's own values() is no query.
    expect(storeProblems(f, 'for (const p of variant.map.provinces.values()) use(p); [...byName.values()];')).toEqual(
      [],
    );
    expect(storeProblems(f, "import type { Tx } from '../../store/store.js';")).toEqual([]);
    expect(storeProblems(f, "import { openDatabase } from '../../store/db.js';")).toHaveLength(1);
    expect(storeProblems(f, "import type { OpenedStore } from '../../store/store.js';")).toHaveLength(1);
    expect(storeProblems(f, "import Database from 'better-sqlite3';\nimport pg from 'pg';")).toHaveLength(2);
  });

  it('has none in src/game', () => {
    const files = sourceFiles('src/game');
    expect(files).toContain('src/game/resolve/resolve.ts');
    expect(files.flatMap((file) => storeProblems(file, read(file)))).toEqual([]);
  });

  it('runs no SQLite-only query in the store’s shared queries either', () => {
    const shared = ['src/store/queries.ts', 'src/store/prepared.ts'];
    expect(shared.flatMap((file) => storeProblems(file, read(file)).filter((p) => p.includes('SQLite-only')))).toEqual(
      [],
    );
  });
});
