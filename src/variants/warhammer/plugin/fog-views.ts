/**
 * Warhammer's steps in a fog game (docs/table.md "Fog of war"; docs/rules/warhammer.md "Warhammer under fog of war"):
 * the channel's post names the phase and the powers only; each seated power is told by DM what it sees of the step
 * (`ctx.fog`, the game's one view filter), its spectators get a copy, and the game master who plays no power gets
 * everything.
 */
import type { Position, Power } from '../../../engine/types.js';
import type { LiveContext, PluginFog, PluginMsg } from '../../plugin/index.js';
import type { Battle, WarhammerRecords } from './records.js';
import { wh } from './texts.js';

type Live = LiveContext<WarhammerRecords>;

/** One line of a step's report, with who sees it. */
export interface SeenLine {
  line: PluginMsg;
  seenBy(power: Power): boolean;
}

/**
 * Tells each seated power by DM the lines it sees, under `head(power)` (none seen: no DM, unless `always`, then a line
 * saying so), and the game master who plays no power every line under `gmHead`. `map`: each power's DM carries the
 * phase's board as it sees it.
 */
export function tellBySight(
  ctx: Live,
  report: { key: string; head: (power: Power) => PluginMsg; gmHead: PluginMsg; lines: readonly SeenLine[] },
  opts: { always?: boolean; map?: boolean } = {},
): void {
  for (const seat of ctx.seats) {
    const seen = report.lines.filter((l) => l.seenBy(seat.power)).map((l) => l.line);
    if (seen.length === 0 && !opts.always) continue;
    const lines = seen.length > 0 ? seen : [wh('fog.nothingSeen')];
    ctx.dm(seat.power, [report.head(seat.power), ...lines], {
      key: report.key,
      view: true,
      ...(opts.map ? { map: true } : {}),
    });
  }
  if (report.lines.length > 0)
    ctx.dmGameMaster([report.gmHead, ...report.lines.map((l) => l.line)], { key: report.key });
}

/**
 * Who sees a decisive battle (docs/rules/warhammer.md "Warhammer under fog of war"): the powers with a side in it, the
 * battle commanders who declared for a side, and the powers that see one of its provinces on the phase's board.
 */
export function battleSeenBy(fog: PluginFog, battle: Battle, commanders: readonly Power[]) {
  return (power: Power): boolean =>
    battle.sides.some((s) => s.power === power) ||
    commanders.includes(power) ||
    battle.provinces.some((p) => fog.sees(power, p));
}

/** Who sees a unit placed in `province` (a muster, a revolt): its power, and those who see the place after. */
export function placementSeenBy(fog: PluginFog, owner: Power, province: string, after: Position) {
  return (power: Power): boolean => power === owner || fog.sees(power, province, after);
}
