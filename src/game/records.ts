/**
 * A plug-in's records (src/variants/plugin: `Records`) over the generic `variant_records` table: one game, one phase
 * (or the whole game), every payload checked by the plug-in's zod schema for its kind. The store never names a
 * variant; the kinds and their schemas are the plug-in's.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../store/db.js';
import { variantRecords } from '../store/schema.js';
import type { RecordSchemas, Records, StoredRecord } from '../variants/plugin/index.js';

export class RecordSchemaError extends Error {}

/**
 * The records of `gameId` and `phaseId` (null: the game's own). `writer` is the user whose action writes (null:
 * the bot). A stored payload its schema refuses is skipped on reading and reported to `report` (it can only come
 * from an older plug-in or a hand edit); a write its schema refuses throws, rolling the use-case back.
 */
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
  const schemaOf = (kind: string): z.ZodType => {
    const schema = schemas?.[kind];
    if (!schema) throw new RecordSchemaError(`no record schema for kind "${kind}"`);
    return schema;
  };
  const read = (kind: string, row: typeof variantRecords.$inferSelect): StoredRecord<unknown> | null => {
    const parsed = schemaOf(kind).safeParse(row.payload);
    if (!parsed.success) {
      report(new RecordSchemaError(`stored ${kind} record "${row.key}" of game ${row.gameId} does not match its schema; it is ignored`));
      return null;
    }
    return { key: row.key, value: parsed.data, writtenBy: row.writtenBy, updatedAt: row.updatedAt };
  };
  return {
    get(kind, key = '') {
      const row = tx.select().from(variantRecords).where(where(kind, key)).get();
      return (row ? read(kind, row)?.value : undefined) as never;
    },
    list(kind) {
      const rows = tx.select().from(variantRecords).where(where(kind)).orderBy(asc(variantRecords.id)).all();
      return rows.map((row) => read(kind, row)).filter((r) => r !== null) as never;
    },
    put(kind, value, key = '') {
      const parsed = schemaOf(kind).safeParse(value);
      if (!parsed.success) throw new RecordSchemaError(`a ${kind} record that does not match its schema: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      const values = { payload: parsed.data as unknown, writtenBy: scope.writer ?? null, updatedAt: scope.now };
      const changed = tx.update(variantRecords).set(values).where(where(kind, key)).run();
      if (changed.changes === 0) tx.insert(variantRecords).values({ gameId: scope.gameId, phaseId: scope.phaseId, kind, key, ...values }).run();
    },
    remove(kind, key) {
      tx.delete(variantRecords).where(where(kind, key)).run();
    },
  };
}

/** Deletes every record of a phase (a game-master rollback reopens it from its orders). */
export function clearPhaseRecords(tx: Tx, phaseId: number): void {
  tx.delete(variantRecords).where(eq(variantRecords.phaseId, phaseId)).run();
}
