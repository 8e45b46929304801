/**
 * The tables the code declares — the store's (src/store/schema.ts) and each game kind's own
 * (src/game/<kind>/tables.ts, found by drizzle.config.ts's schema glob) — are exactly what the migrations build:
 * drizzle-kit, given the same modules, finds nothing to migrate against the last migration's snapshot. So moving a
 * kind's tables between files, or a table declared where drizzle.config.ts does not look, shows here before a
 * migration that drops it is ever generated.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../src/store/db.js';
import * as store from '../../src/store/schema.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** The kinds' table files (every `src/game/<kind>/tables.ts`), as drizzle.config.ts's glob finds them. */
function kindTableFiles(): string[] {
  const game = join(ROOT, 'src', 'game');
  return readdirSync(game, { withFileTypes: true })
    .filter((d) => d.isDirectory() && readdirSync(join(game, d.name)).includes('tables.ts'))
    .map((d) => join(game, d.name, 'tables.ts'));
}

describe('the declared schema and the migrations', () => {
  it('drizzle.config.ts reads the store schema and every kind\'s tables', () => {
    const config = readFileSync(join(ROOT, 'drizzle.config.ts'), 'utf8');
    expect(config).toContain("'./src/store/schema.ts'");
    expect(config).toContain("'./src/game/*/tables.ts'");
    expect(kindTableFiles().map((f) => f.slice(ROOT.length + 1))).toEqual(['src/game/cards/tables.ts']);
  });

  it('needs no new migration: the last snapshot is the schema the code declares', async () => {
    const kinds = await Promise.all(kindTableFiles().map((f) => import(f) as Promise<Record<string, unknown>>));
    const declared = await generateSQLiteDrizzleJson(Object.assign({}, store, ...kinds));
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number }[] };
    const last = String(journal.entries.at(-1)!.idx).padStart(4, '0');
    const snapshot = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', `${last}_snapshot.json`), 'utf8'));
    expect(Object.keys(declared.tables)).toEqual(expect.arrayContaining(['games', 'outbox', 'card_games', 'card_seats', 'card_events', 'card_drafts']));
    expect(await generateSQLiteMigration(snapshot, declared)).toEqual([]);
    // and without the kinds' tables it would drop them: the check can fail
    const storeOnly = await generateSQLiteDrizzleJson({ ...store });
    expect((await generateSQLiteMigration(snapshot, storeOnly)).join('\n')).toContain('DROP TABLE `card_games`');
  });
});
