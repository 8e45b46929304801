/**
 * A plug-in's records (src/variants/plugin: `Records`): a game's over the generic `variant_records` table (one game,
 * one phase or the whole game), a sandbox's over its own list (src/game/sandbox-rules.ts); every payload checked by
 * the plug-in's zod schema for its kind. The store never names a variant; the kinds and their schemas are the
 * plug-in's.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../store/db.js';
import { variantRecords, type SandboxRecord } from '../store/schema.js';
import type { RecordSchemas, Records, StoredRecord } from '../variants/plugin/index.js';

export class RecordSchemaError extends Error {}

/** One record as kept, before its schema has read it. */
interface RawRecord {
  key: string;
  payload: unknown;
  writtenBy: string | null;
  updatedAt: number;
}

/** Where records are kept: `find` one, `all` of a kind in the order first written, `write` (create or replace), `remove`. */
interface RecordStore {
  find(kind: string, key: string): RawRecord | undefined;
  all(kind: string): RawRecord[];
  write(kind: string, key: string, record: Omit<RawRecord, 'key'>): void;
  remove(kind: string, key?: string): void;
  /** Names the records in a report (`game 3`, `a sandbox`). */
  owner: string;
}

/**
 * `Records` over a store. `writer` is the user whose action writes (null: the bot). A stored payload its schema
 * refuses is skipped on reading and reported to `report` (it can only come from an older plug-in or a hand edit); a
 * write its schema refuses throws, rolling the use-case back.
 */
function checkedRecords<S extends RecordSchemas>(store: RecordStore, schemas: S | undefined, scope: { writer?: string | null; now: number }, report: (err: unknown) => void): Records<S> {
  const schemaOf = (kind: string): z.ZodType => {
    const schema = schemas?.[kind];
    if (!schema) throw new RecordSchemaError(`no record schema for kind "${kind}"`);
    return schema;
  };
  const read = (kind: string, row: RawRecord): StoredRecord<unknown> | null => {
    const parsed = schemaOf(kind).safeParse(row.payload);
    if (!parsed.success) {
      report(new RecordSchemaError(`stored ${kind} record "${row.key}" of ${store.owner} does not match its schema; it is ignored`));
      return null;
    }
    return { key: row.key, value: parsed.data, writtenBy: row.writtenBy, updatedAt: row.updatedAt };
  };
  return {
    get(kind, key = '') {
      const row = store.find(kind, key);
      return (row ? read(kind, row)?.value : undefined) as never;
    },
    list(kind) {
      return store
        .all(kind)
        .map((row) => read(kind, row))
        .filter((r) => r !== null) as never;
    },
    put(kind, value, key = '') {
      const parsed = schemaOf(kind).safeParse(value);
      if (!parsed.success) throw new RecordSchemaError(`a ${kind} record that does not match its schema: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      store.write(kind, key, { payload: parsed.data as unknown, writtenBy: scope.writer ?? null, updatedAt: scope.now });
    },
    remove(kind, key) {
      store.remove(kind, key);
    },
  };
}

/** The records of `gameId` and `phaseId` (null: the game's own), in the `variant_records` table. */
export function recordsOf<S extends RecordSchemas>(
  tx: Tx,
  schemas: S | undefined,
  scope: { gameId: number; phaseId: number | null; writer?: string | null; now: number },
  report: (err: unknown) => void = () => {},
): Records<S> {
  const where = (kind: string, key?: string) =>
    and(
      eq(variantRecords.gameId, scope.gameId),
      scope.phaseId === null ? isNull(variantRecords.phaseId) : eq(variantRecords.phaseId, scope.phaseId),
      eq(variantRecords.kind, kind),
      ...(key === undefined ? [] : [eq(variantRecords.key, key)]),
    );
  const raw = (row: typeof variantRecords.$inferSelect): RawRecord => ({ key: row.key, payload: row.payload, writtenBy: row.writtenBy, updatedAt: row.updatedAt });
  const store: RecordStore = {
    owner: `game ${scope.gameId}`,
    find: (kind, key) => {
      const row = tx.select().from(variantRecords).where(where(kind, key)).get();
      return row ? raw(row) : undefined;
    },
    all: (kind) => tx.select().from(variantRecords).where(where(kind)).orderBy(asc(variantRecords.id)).all().map(raw),
    write: (kind, key, record) => {
      const changed = tx.update(variantRecords).set(record).where(where(kind, key)).run();
      if (changed.changes === 0) tx.insert(variantRecords).values({ gameId: scope.gameId, phaseId: scope.phaseId, kind, key, ...record }).run();
    },
    remove: (kind, key) => void tx.delete(variantRecords).where(where(kind, key)).run(),
  };
  return checkedRecords(store, schemas, scope, report);
}

/**
 * The records of a sandbox's phase over `list` (kept in the sandbox's row), which the writes change in place: a
 * replaced record keeps its place, as a table row keeps its id.
 */
export function listRecords<S extends RecordSchemas>(
  list: SandboxRecord[],
  schemas: S | undefined,
  scope: { writer?: string | null; now: number },
  report: (err: unknown) => void = () => {},
): Records<S> {
  const matches = (kind: string, key?: string) => (r: SandboxRecord) => r.kind === kind && (key === undefined || r.key === key);
  const raw = (r: SandboxRecord): RawRecord => ({ key: r.key, payload: r.value, writtenBy: r.writtenBy, updatedAt: r.updatedAt });
  const store: RecordStore = {
    owner: 'a sandbox',
    find: (kind, key) => {
      const r = list.find(matches(kind, key));
      return r ? raw(r) : undefined;
    },
    all: (kind) => list.filter(matches(kind)).map(raw),
    write: (kind, key, record) => {
      const entry: SandboxRecord = { kind, key, value: record.payload, writtenBy: record.writtenBy, updatedAt: record.updatedAt };
      const i = list.findIndex(matches(kind, key));
      if (i >= 0) list[i] = entry;
      else list.push(entry);
    },
    remove: (kind, key) => {
      for (let i = list.length - 1; i >= 0; i--) if (matches(kind, key)(list[i]!)) list.splice(i, 1);
    },
  };
  return checkedRecords(store, schemas, scope, report);
}

/** Deletes every record of a phase (a game-master rollback reopens it from its orders). */
export function clearPhaseRecords(tx: Tx, phaseId: number): void {
  tx.delete(variantRecords).where(eq(variantRecords.phaseId, phaseId)).run();
}
