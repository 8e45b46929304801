/**
 * The game master's edits of a phase's board (`/gm edit`, docs/bot.md "Editing the board"), read back from their
 * audit rows (`gm_edit`, written by src/game/board-edit) for `/history show` (their notices) and the game's export
 * (the edits, docs/bot.md "Export and import").
 */
import type { Msg } from '../../i18n/index.js';
import type { Tx } from '../../store/db.js';
import { auditDetailsOf } from '../../store/queries.js';

/**
 * An edit of a board as the export lists it: places as location ids (`spa/sc`), powers as the variant names them,
 * `power` null for a centre made neutral (the shape of src/game/board-edit's `BoardEdit`).
 */
export type ExportedEdit =
  | { kind: 'add'; power: string; unit: 'A' | 'F'; place: string }
  | { kind: 'remove'; place: string }
  | { kind: 'move'; from: string; to: string }
  | { kind: 'owner'; place: string; power: string | null };

/** One edit of a phase's board as the history and the export tell it. */
export interface PhaseEdit {
  /** The edit as applied (`{kind: 'move', from: 'mun', to: 'tyr'}`); as typed in a record older than `applied`. */
  edit: ExportedEdit;
  /** What the channel was told. */
  announcement: Msg;
}

type EditRecord = ExportedEdit & { phaseId: number; announcement: Msg; applied?: ExportedEdit };

/** The edits of a phase's board, in the order they were made. */
export async function phaseEditsOf(tx: Tx, gameId: number, phaseId: number): Promise<PhaseEdit[]> {
  return (await auditDetailsOf(tx, gameId, 'gm_edit')).flatMap((d) => {
    const r = d as EditRecord | null;
    if (r?.phaseId !== phaseId || !r.announcement) return [];
    return [{ edit: r.applied ?? typedEdit(r), announcement: r.announcement }];
  });
}

/** The edit as typed, without the record's other fields. */
function typedEdit(r: EditRecord): ExportedEdit {
  switch (r.kind) {
    case 'add':
      return { kind: 'add', power: r.power, unit: r.unit, place: r.place };
    case 'remove':
      return { kind: 'remove', place: r.place };
    case 'move':
      return { kind: 'move', from: r.from, to: r.to };
    case 'owner':
      return { kind: 'owner', place: r.place, power: r.power };
  }
}
