/**
 * The PostgreSQL tables derived from the sqlite-core declarations (src/store/pg-tables.ts): the mapping of each
 * column kind, keys and foreign keys of one type, and every constraint and index kept with its name.
 */
import { getTableColumns } from 'drizzle-orm';
import { getTableConfig as pgConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { blob, getTableConfig, integer, sqliteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as cards from '../../src/game/cards/tables.js';
import { isSqliteTable, pgTableOf } from '../../src/store/pg-tables.js';
import * as schema from '../../src/store/schema.js';

const declared = [...Object.values(schema), ...Object.values(cards)].filter(isSqliteTable);
const asPg = (t: unknown) => t as PgTable;
const typeOf = (table: PgTable, key: string) => (getTableColumns(table) as Record<string, PgColumn>)[key]!.getSQLType();

describe('pgTableOf', () => {
  it('maps each column kind: integers to bigint, booleans to boolean, JSON to jsonb, text to text', () => {
    const games = asPg(pgTableOf(schema.games));
    expect(['id', 'deadlineMs', 'createdAt', 'computerFill', 'end', 'channelId'].map((k) => typeOf(games, k))).toEqual([
      'bigint',
      'bigint',
      'bigint',
      'boolean',
      'jsonb',
      'text',
    ]);
    const id = (getTableColumns(games) as Record<string, PgColumn>).id!;
    expect([id.primary, id.generatedIdentity?.type]).toEqual([true, 'byDefault']);
    expect(Object.keys(getTableColumns(games))).toEqual(Object.keys(getTableColumns(schema.games)));
  });

  it("maps real to double precision (a rating's mean and uncertainty)", () => {
    const ratings = asPg(pgTableOf(schema.ratings));
    expect(['mu', 'sigma', 'games', 'memberId'].map((k) => typeOf(ratings, k))).toEqual([
      'double precision',
      'double precision',
      'bigint',
      'text',
    ]);
  });

  it('derives a table once, and points foreign keys at the derived parents with the same key type', () => {
    expect(pgTableOf(schema.players)).toBe(pgTableOf(schema.players));
    for (const table of declared) {
      const pg = asPg(pgTableOf(table));
      for (const fk of pgConfig(pg).foreignKeys) {
        const ref = fk.reference();
        expect(declared.map((t) => pgTableOf(t) as unknown)).toContain(ref.foreignTable);
        // (by name: the extra config's columns drizzle hands to a foreign key do not answer their type)
        const sqlType = (t: PgTable, name: string) =>
          Object.values(getTableColumns(t) as Record<string, PgColumn>)
            .find((c) => c.name === name)!
            .getSQLType();
        expect(ref.columns.map((c) => sqlType(pg, c.name))).toEqual(
          ref.foreignColumns.map((c) => sqlType(ref.foreignTable, c.name)),
        );
      }
    }
  });

  it("keeps every primary key, foreign key (with its action), unique column and index, by name, with partial indexes' conditions", () => {
    for (const table of declared) {
      const sqlite = getTableConfig(table);
      const pg = pgConfig(asPg(pgTableOf(table)));
      const name = sqlite.name;
      expect([name, pg.name]).toEqual([name, name]);
      expect([name, pg.foreignKeys.map((fk) => [fk.getName(), fk.onDelete])]).toEqual([
        name,
        sqlite.foreignKeys.map((fk) => [fk.getName(), fk.onDelete]),
      ]);
      expect([name, pg.primaryKeys.map((pk) => pk.getName())]).toEqual([
        name,
        sqlite.primaryKeys.map((pk) => pk.getName()),
      ]);
      expect([name, pg.indexes.map((i) => [i.config.name, i.config.unique, i.config.where])]).toEqual([
        name,
        sqlite.indexes.map((i) => [i.config.name, i.config.unique, i.config.where]),
      ]);
      expect([name, pg.columns.filter((c) => c.isUnique).map((c) => c.uniqueName)]).toEqual([
        name,
        sqlite.columns.filter((c) => c.isUnique).map((c) => c.uniqueName),
      ]);
      // (SQLite gives every integer primary key a default, the rowid; PostgreSQL only the identities)
      const nonKey = <C extends { primary: boolean; name: string; notNull: boolean; hasDefault: boolean }>(cs: C[]) =>
        cs.map((c) => [c.name, c.notNull, c.primary || c.hasDefault]);
      expect([name, nonKey(pg.columns)]).toEqual([name, nonKey(sqlite.columns)]);
    }
  });

  it('names nothing longer than PostgreSQL keeps (63 bytes)', () => {
    const names = declared.flatMap((table) => {
      const pg = pgConfig(asPg(pgTableOf(table)));
      return [
        pg.name,
        ...pg.indexes.map((i) => i.config.name!),
        ...pg.foreignKeys.map((fk) => fk.getName()),
        ...pg.primaryKeys.map((pk) => pk.getName()),
        ...pg.columns.flatMap((c) => [c.name, c.uniqueName ?? '']),
      ];
    });
    expect(names.filter((n) => Buffer.byteLength(n) > 63)).toEqual([]);
  });

  it('refuses a column kind it has no mapping for, naming the column', () => {
    const measured = sqliteTable('measured', { id: integer('id').primaryKey(), picture: blob('picture') });
    expect(() => pgConfig(asPg(pgTableOf(measured)))).toThrow(
      'measured.picture: no PostgreSQL type for the SQLite column kind SQLiteBlobBuffer',
    );
  });
});
