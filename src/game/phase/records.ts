/**
 * A plug-in's records (src/variants/plugin: `Records`): a game's over the generic `variant_records` table (one game,
 * one phase or the whole game), a list's (a sandbox's stage, and the copy of a phase's records the phase machine
 * reads, src/game/phase/); every payload checked by the plug-in's zod schema for its kind. The store never names a variant; the kinds and their schemas are the
 * plug-in's.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../store/store.js';
import { variantRecords, type SandboxRecord } from '../../store/schema.js';
import type { RecordSchemas, Records, StoredRecord } from '../../variants/plugin/index.js';

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
function checkedRecords<S extends RecordSchemas>(
  store: RecordStore,
  schemas: S | undefined,
  scope: { writer?: string | null; now: number },
  report: (err: unknown) => void,
): Records<S> {
  const schemaOf = (kind: string): z.ZodType => {
    const schema = schemas?.[kind];
    if (!schema) throw new RecordSchemaError(`no record schema for kind "${kind}"`);
    return schema;
  };
  const read = (kind: string, row: RawRecord): StoredRecord<unknown> | null => {
    const parsed = schemaOf(kind).safeParse(row.payload);
    if (!parsed.success) {
      report(
        new RecordSchemaError(
          `stored ${kind} record "${row.key}" of ${store.owner} does not match its schema; it is ignored`,
        ),
      );
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
      if (!parsed.success)
        throw new RecordSchemaError(
          `a ${kind} record that does not match its schema: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
        );
      store.write(kind, key, {
        payload: parsed.data as unknown,
        writtenBy: scope.writer ?? null,
        updatedAt: scope.now,
      });
    },
    remove(kind, key) {
      store.remove(kind, key);
    },
  };
}

/** A record as a list keeps it (a sandbox's stage, and a phase's records as the phase machine reads them). */
export type RecordEntry = SandboxRecord;

/** A change to a plug-in's records, as the phase machine reports it (src/game/phase/machine.ts `StepEffect`). */
export type RecordWrite =
  | { op: 'put'; kind: string; key: string; value: unknown; writtenBy: string | null; updatedAt: number }
  | { op: 'remove'; kind: string; key?: string };

/** Which `variant_records` rows: one game's, of one phase (null: the game's own). */
function scopeWhere(scope: { gameId: number; phaseId: number | null }, kind?: string, key?: string) {
  return and(
    eq(variantRecords.gameId, scope.gameId),
    scope.phaseId === null ? isNull(variantRecords.phaseId) : eq(variantRecords.phaseId, scope.phaseId),
    ...(kind === undefined ? [] : [eq(variantRecords.kind, kind)]),
    ...(key === undefined ? [] : [eq(variantRecords.key, key)]),
  );
}

/** The records of a scope, in the order first written. */
async function scopeRecordList(tx: Tx, scope: { gameId: number; phaseId: number | null }): Promise<RecordEntry[]> {
  return (await tx.select().from(variantRecords).where(scopeWhere(scope)).orderBy(asc(variantRecords.id))).map(
    (row) => ({
      kind: row.kind,
      key: row.key,
      value: row.payload,
      writtenBy: row.writtenBy,
      updatedAt: row.updatedAt,
    }),
  );
}

/** A list of records, which the writes change in place: a replaced record keeps its place, as a table row keeps its id. */
function listStore(list: RecordEntry[]): RecordStore {
  const matches = (kind: string, key?: string) => (r: RecordEntry) =>
    r.kind === kind && (key === undefined || r.key === key);
  const raw = (r: RecordEntry): RawRecord => ({
    key: r.key,
    payload: r.value,
    writtenBy: r.writtenBy,
    updatedAt: r.updatedAt,
  });
  return {
    owner: 'a sandbox',
    find: (kind, key) => {
      const r = list.find(matches(kind, key));
      return r ? raw(r) : undefined;
    },
    all: (kind) => list.filter(matches(kind)).map(raw),
    write: (kind, key, record) => {
      const entry: RecordEntry = {
        kind,
        key,
        value: record.payload,
        writtenBy: record.writtenBy,
        updatedAt: record.updatedAt,
      };
      const i = list.findIndex(matches(kind, key));
      if (i >= 0) list[i] = entry;
      else list.push(entry);
    },
    remove: (kind, key) => {
      for (let i = list.length - 1; i >= 0; i--) if (matches(kind, key)(list[i]!)) list.splice(i, 1);
    },
  };
}

/** Makes one write on a store. */
function applyWrite(store: RecordStore, write: RecordWrite): void {
  if (write.op === 'put')
    store.write(write.kind, write.key, {
      payload: write.value,
      writtenBy: write.writtenBy,
      updatedAt: write.updatedAt,
    });
  else store.remove(write.kind, write.key);
}

/** The records of `gameId` and `phaseId` (null: the game's own), in the `variant_records` table. */
export async function recordsOf<S extends RecordSchemas>(
  tx: Tx,
  schemas: S | undefined,
  scope: { gameId: number; phaseId: number | null; writer?: string | null; now: number },
  report: (err: unknown) => void = () => {},
): Promise<Records<S>> {
  // Read once: a plug-in reads records synchronously (the engine's hooks are pure), and these are never written.
  const store = { ...listStore(await scopeRecordList(tx, scope)), owner: `game ${scope.gameId}` };
  return checkedRecords(store, schemas, scope, report);
}

/** Every record of a game's phase, in the order first written (what the phase machine is given). */
export async function phaseRecordList(tx: Tx, gameId: number, phaseId: number): Promise<RecordEntry[]> {
  return await scopeRecordList(tx, { gameId, phaseId });
}

/** Writes the phase machine's record changes to a game's phase, in order (a replaced record keeps its row). */
export async function writePhaseRecords(
  tx: Tx,
  scope: { gameId: number; phaseId: number },
  writes: readonly RecordWrite[],
): Promise<void> {
  for (const write of writes) {
    if (write.op === 'remove') {
      await tx.delete(variantRecords).where(scopeWhere(scope, write.kind, write.key));
      continue;
    }
    const record = { payload: write.value, writtenBy: write.writtenBy, updatedAt: write.updatedAt };
    const changed = await tx
      .update(variantRecords)
      .set(record)
      .where(scopeWhere(scope, write.kind, write.key))
      .returning({ id: variantRecords.id });
    if (changed.length === 0)
      await tx.insert(variantRecords).values({ ...scope, kind: write.kind, key: write.key, ...record });
  }
}

/** Makes the phase machine's record changes on a list (a sandbox's stage), in order. */
export function writeListRecords(list: RecordEntry[], writes: readonly RecordWrite[]): void {
  const store = listStore(list);
  for (const write of writes) applyWrite(store, write);
}

/**
 * The records of a list, which the writes change in place (a sandbox's, and the phase machine's copy of a phase's);
 * each write is also told to `log`, so that it can be made again where the records are kept.
 */
export function listRecords<S extends RecordSchemas>(
  list: RecordEntry[],
  schemas: S | undefined,
  scope: { writer?: string | null; now: number },
  report: (err: unknown) => void = () => {},
  log: (write: RecordWrite) => void = () => {},
): Records<S> {
  const store = listStore(list);
  const logged: RecordStore = {
    ...store,
    write: (kind, key, record) => {
      store.write(kind, key, record);
      log({ op: 'put', kind, key, value: record.payload, writtenBy: record.writtenBy, updatedAt: record.updatedAt });
    },
    remove: (kind, key) => {
      store.remove(kind, key);
      log(key === undefined ? { op: 'remove', kind } : { op: 'remove', kind, key });
    },
  };
  return checkedRecords(logged, schemas, scope, report);
}

/** Deletes every record of a phase (a game-master rollback reopens it from its orders). */
export async function clearPhaseRecords(tx: Tx, phaseId: number): Promise<void> {
  await tx.delete(variantRecords).where(eq(variantRecords.phaseId, phaseId));
}
