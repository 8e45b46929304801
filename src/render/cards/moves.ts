/**
 * The round summary image's marks (docs/cardgame.md "Table image"): each army moved this round (Fire, Wind) gets a
 * small arrow from its origin stronghold to where it stands now, in its dynasty's colour with a dark edge, drawn
 * beneath the army discs so it never covers one; and the states whose control changed are listed from the control
 * event. Built from the round's public events only.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { DynastyId, GameEvent, Owner, StateId } from '../../cardgame/types.js';
import { ownerColour, STRONGHOLD_R, strongholdPoint } from './layout.js';

export interface ArmyMove {
  owner: Owner;
  from: number;
  to: number;
}

/** What the summary image marks, from a round's events: changed states and moved armies, in order. */
export function roundMarks(events: readonly GameEvent[]): { changed: StateId[]; moves: ArmyMove[] } {
  const changed: StateId[] = [];
  const moves: ArmyMove[] = [];
  for (const e of events) {
    if (e.kind === 'control' && Array.isArray(e.changes))
      for (const c of e.changes as { state: StateId }[]) changed.push(c.state);
    if (e.kind !== 'effect') continue;
    if (e.symbol === 'wind' && typeof e.from === 'number' && typeof e.to === 'number' && typeof e.seat === 'number') {
      moves.push({ owner: e.seat, from: e.from, to: e.to });
    }
    if (e.symbol === 'fire' && typeof e.stronghold === 'number' && Array.isArray(e.moves)) {
      for (const m of e.moves as { owner: number; to: number }[])
        moves.push({ owner: m.owner, from: e.stronghold, to: m.to });
    }
  }
  return { changed: [...new Set(changed)], moves };
}

/** Arrows stop short of the stronghold discs at both ends (a disc with 2 armies is STRONGHOLD_R + 3). */
const START_GAP = STRONGHOLD_R + 2;
const END_GAP = STRONGHOLD_R + 6;

export function drawMoves(ctx: SKRSContext2D, moves: readonly ArmyMove[], dynasties: readonly DynastyId[]): void {
  for (const m of moves) {
    const a = strongholdPoint(m.from);
    const b = strongholdPoint(m.to);
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len < START_GAP + END_GAP + 8) continue;
    const ux = (b.x - a.x) / len;
    const uy = (b.y - a.y) / len;
    const s = { x: a.x + ux * START_GAP, y: a.y + uy * START_GAP };
    const e = { x: b.x - ux * END_GAP, y: b.y - uy * END_GAP };
    const head = 13;
    const base = { x: e.x - ux * head, y: e.y - uy * head };
    const path = () => {
      ctx.beginPath();
      ctx.moveTo(s.x, s.y);
      ctx.lineTo(base.x, base.y);
    };
    const tip = () => {
      ctx.beginPath();
      ctx.moveTo(e.x, e.y);
      ctx.lineTo(base.x - uy * 8, base.y + ux * 8);
      ctx.lineTo(base.x + uy * 8, base.y - ux * 8);
      ctx.closePath();
    };
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    // dark edge, then the colour
    ctx.strokeStyle = '#1a1a1a';
    ctx.lineWidth = 8;
    path();
    ctx.stroke();
    tip();
    ctx.lineWidth = 3;
    ctx.stroke();
    const colour = ownerColour(m.owner, dynasties);
    ctx.strokeStyle = colour;
    ctx.lineWidth = 4.5;
    path();
    ctx.stroke();
    ctx.fillStyle = colour;
    tip();
    ctx.fill();
  }
}
