/**
 * The game master's edits of a phase's board (`/gm edit`, docs/bot.md "Editing the board"), read back from their
 * audit rows (`gm_edit`, written by src/game/board-edit) for `/history show` (their notices) and the game's export
 * (the edits, docs/bot.md "Export and import").
 */
import type { Msg } from '../../i18n/index.js';
import type { Tx } from '../../store/store.js';
import { auditDetailsOf } from '../../store/queries.js';
import type { BoardEdit, BoardEditRecord } from '../core/index.js';

/** One edit of a phase's board as the history and the export tell it. */
export interface PhaseEdit {
  /** The edit as applied (`{kind: 'move', from: 'mun', to: 'tyr'}`); as typed in a record older than `applied`. */
  edit: BoardEdit;
  /** What the channel was told. */
  announcement: Msg;
}

/** The edits of a game's boards by phase id, each phase's in the order they were made (one read of the audit). */
export async function gameEditsOf(tx: Tx, gameId: number): Promise<Map<number, PhaseEdit[]>> {
  const byPhase = new Map<number, PhaseEdit[]>();
  for (const d of await auditDetailsOf(tx, gameId, 'gm_edit')) {
    const r = d as BoardEditRecord | null;
    if (typeof r?.phaseId !== 'number' || !r.announcement) continue;
    const edit = { edit: r.applied ?? typedEdit(r), announcement: r.announcement };
    byPhase.set(r.phaseId, [...(byPhase.get(r.phaseId) ?? []), edit]);
  }
  return byPhase;
}

/** The edits of one phase's board, in the order they were made. */
export async function phaseEditsOf(tx: Tx, gameId: number, phaseId: number): Promise<PhaseEdit[]> {
  return (await gameEditsOf(tx, gameId)).get(phaseId) ?? [];
}

/** The edit as typed, without the record's other fields. */
function typedEdit(r: BoardEditRecord): BoardEdit {
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
