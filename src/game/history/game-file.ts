/**
 * A game's history as files for `/history` (docs/bot.md, "Export and import"): the channel's latest Diplomacy game as
 * the CLI's phases file (`exportGame`, src/game/history/export.ts) and as the input of its supply-centre chart (`scHistory`,
 * src/render/sc-chart.ts), for the bot to attach. Read only, one transaction each.
 *
 * Secrets: the file is built from the resolved phases alone — the phase under way is filtered out before anything of
 * it is read, so its stored orders, ballots and a step's declarations never reach the export (and `exportGame` writes
 * no ballot of a resolved phase). The chart reads only boards, which are public.
 */
import { msg, t, type MsgParam } from '../../i18n/index.js';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Position } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { isStoredVariantId, storedVariantTexts } from '../../variants/stored.js';
import type { ScChartInput } from '../../render/sc-chart.js';
import type { Tx } from '../../store/store.js';
import { gameById, latestGameByChannel, ordersOf, phaseById, playerByUser, playersOf } from '../../store/queries.js';
import { phases, type GameRow, type PhaseRow } from '../../store/schema.js';
import { pluginOf } from '../../variants/index.js';
import { type CaseFog, exportCases, gameFileText, type KeptPhase } from './export.js';
import {
  gameKindOf,
  NO_GAME,
  type LoopTurns,
  fail,
  inReadTransaction,
  type Caller,
  type GameDeps,
  type Result,
  powerParam,
  variantOfGame,
  variantParam,
  yearMsg,
} from '../core/index.js';
import { gameEditsOf, type PhaseEdit } from './edits.js';
import { isBallotKey, recordsOf } from '../phase/index.js';
import { phaseSeenBy, powerOfMember, viewerOf, type Viewer } from '../fog/index.js';
import { parseLocationKey } from '../../engine/index.js';
import type { MapPalette } from './render-input.js';
import { scHistory } from './sc-history.js';

/** The game's file: its name (`game-12-classic.json`), its text, and how many phases it holds. */
export interface GameFile {
  name: string;
  text: string;
  phases: number;
  /** The game is over: the file holds every phase played (else the phase under way is left out). */
  over: boolean;
  /**
   * A server's variant (docs/variants.md "A server's variants"): the variant file the game plays, whose id the cases
   * name, so `adjudicate --variant-file` reads the game file without the server.
   */
  variant?: { name: string; text: string };
}

/** The variant file of a game's stored variant (its map and drawing texts joined back, unparsed), or undefined. */
function storedVariantFile(game: GameRow): GameFile['variant'] {
  const texts = isStoredVariantId(game.variantId) ? storedVariantTexts(game.variantId) : undefined;
  if (!texts) return undefined;
  const text = texts.drawing ? `${texts.map.slice(0, -1)},"geometry":${texts.drawing}}` : texts.map;
  return { name: fileName(game, '-variant.json'), text: `${text}\n` };
}

/** The file name of one of a game's files (`game-12-classic.json`, `game-12-classic-supply-centres.png`). */
const fileName = (game: GameRow, suffix: string) =>
  `game-${game.id}-${game.variantId.toLowerCase().replace(/[^a-z0-9]+/g, '-')}${suffix}`;

/** The channel's latest game, when it is a started Diplomacy game of a variant still here. */
async function diplomacyGame(
  tx: Tx,
  channelId: string,
  what: 'file' | 'chart',
): Promise<{ game: GameRow; variant: Variant } | { ok: false; error: string }> {
  const game = await latestGameByChannel(tx, channelId);
  if (!game) return fail(NO_GAME);
  if (game.kind !== 'diplomacy')
    return fail(msg('history.refused.kind', { kind: gameKindOf(game.kind)?.label ?? game.kind, what }));
  if (game.status === 'forming' || game.currentPhaseId === null)
    return fail(msg('history.refused.notStarted', { what }));
  const variant = variantOfGame(game);
  if (!variant) return fail(msg('game.refused.variantGone', { variant: game.variantId }));
  return { game, variant };
}

/** Most of one event-loop turn spent reading and writing phases of a game's file (ms); the rest wait for the next. */
const FILE_SLICE_MS = 4;

const CHANGED = msg('history.refused.changed');

/** A resolved phase as the file's first read lists it: a rollback or a new resolution changes its claim. */
type Listed = Pick<PhaseRow, 'id' | 'resolvedAt' | 'claimToken'>;

/**
 * The channel's latest game as the CLI's phases file (`/history export`): every resolved phase, in order; refused
 * before the first phase is resolved. Made in pieces on turns of `turn` (a 21-power game of 150 phases takes tens of
 * ms to read and write; brief: no block of the event loop over 20 ms): the list of resolved phases first, then as many
 * phases as fit in FILE_SLICE_MS a piece, each read in its own transaction and checked to be still resolved as listed
 * (else the export is refused: the game was rolled back meanwhile). `userId`: who asks (in a fog game, a player's file holds
 * what their power saw).
 */
export async function gameFileInTurns(
  deps: GameDeps,
  channelId: string,
  turn: LoopTurns,
  userId = '',
): Promise<Result<{ file: GameFile }>> {
  const head = await turn(async () => await fileHead(deps, { channelId, userId }));
  if (!head.ok) return head;
  const { game, variant, listed, players, viewer, edits } = head;
  const lines: string[] = [];
  while (lines.length < listed.length) {
    const piece = await turn(
      async () =>
        await inReadTransaction(deps, async (tx) => {
          const started = performance.now();
          const written: string[] = [];
          do {
            const want = listed[lines.length + written.length]!;
            const row = await phaseById(tx, want.id);
            if (!row?.adjudication || row.resolvedAt !== want.resolvedAt || row.claimToken !== want.claimToken)
              return fail(CHANGED);
            const toExport = {
              gameId: game.id,
              variantId: game.variantId,
              variant,
              options: game.options ?? {},
              players,
            };
            const kept = await keptPhase(tx, game, row, edits.get(row.id) ?? []);
            const last = lines.length + written.length === listed.length - 1;
            const [one] = exportCases({ ...toExport, phases: [seenPhase(variant, kept, viewer, last)] });
            written.push(JSON.stringify(one));
          } while (lines.length + written.length < listed.length && performance.now() - started < FILE_SLICE_MS);
          return { ok: true, written };
        }),
    );
    if (!piece.ok) return piece;
    lines.push(...piece.written);
  }
  return {
    ok: true,
    file: {
      name: fileName(game, '.json'),
      text: gameFileText(lines),
      phases: listed.length,
      over: game.status === 'finished',
      ...(storedVariantFile(game) ? { variant: storedVariantFile(game)! } : {}),
    },
  };
}

/** The file's first read: the game, its seated powers, and its resolved phases (only their ids and claims). */
async function fileHead(
  deps: GameDeps,
  caller: Pick<Caller, 'channelId' | 'userId'>,
): Promise<
  Result<{
    game: GameRow;
    variant: Variant;
    listed: Listed[];
    players: string[];
    viewer: Viewer;
    /** The game master's edits by phase, read once: only the phase under way takes edits, never a listed one. */
    edits: Map<number, PhaseEdit[]>;
  }>
> {
  return await inReadTransaction(deps, async (tx) => {
    const found = await diplomacyGame(tx, caller.channelId, 'file');
    if ('ok' in found) return found;
    const { game, variant } = found;
    // Fog of war: a player's file holds what their power saw; nobody else gets one until the game ends.
    const viewer = viewerOf(game, { userId: caller.userId, power: await powerOfMember(tx, game.id, caller.userId) });
    if (viewer.kind === 'none') return fail(msg('fog.history.none'));
    // Only resolved phases: the phase under way is never listed, so nothing of it (orders, records) is read.
    const listed = await tx
      .select({ id: phases.id, resolvedAt: phases.resolvedAt, claimToken: phases.claimToken })
      .from(phases)
      .where(and(eq(phases.gameId, game.id), isNotNull(phases.resolvedAt)))
      .orderBy(asc(phases.idx));
    if (listed.length === 0) return fail(msg('history.refused.nothingToExport'));
    const players = (await playersOf(tx, game.id)).map((p) => p.power);
    // A power's file while the fog is up lists no edit: the channel was told only that the board was edited, and
    // each case's board, the power's view, is already the edited one (docs/table.md "Fog of war").
    const edits = viewer.kind === 'power' ? new Map<number, PhaseEdit[]>() : await gameEditsOf(tx, game.id);
    return { ok: true, game, variant, listed, players, viewer, edits };
  });
}

/**
 * A resolved phase as `exportGame` takes it: its board, its stored orders, its adjudication, its battles, and the game
 * master's edits of its board (announced in the channel when made, so every viewer's file lists them, but a power's
 * file while the fog is up: `fileHead`).
 */
async function keptPhase(tx: Tx, game: GameRow, row: PhaseRow, edits: readonly PhaseEdit[]): Promise<KeptPhase> {
  const plugin = pluginOf(game.variantId);
  const battles = plugin.keptBattles?.(
    await recordsOf(tx, plugin.records, { gameId: game.id, phaseId: row.id, now: 0 }),
  );
  return {
    position: row.position,
    orders: (await ordersOf(tx, row.id)).map((o) => ({ power: o.power, unitKey: o.unitKey, text: o.text })),
    adjudication: row.adjudication,
    ...(battles && battles.length > 0 ? { battles } : {}),
    edits: edits.map((e) => e.edit),
  };
}

/**
 * A kept phase as the viewer saw it (src/game/fog `phaseSeenBy`): a power's board, its own orders and those of the units
 * it saw, and what it saw of the results; battles decided outside the adjudicator are left out. Everything for `all`.
 */
function seenPhase(variant: Variant, kept: KeptPhase, viewer: Viewer, last: boolean): KeptPhase {
  if (viewer.kind !== 'power' || !kept.adjudication) return kept;
  const seen = phaseSeenBy(variant, { position: kept.position, adjudication: kept.adjudication }, [], viewer.power);
  const inSight = new Set(seen.before.position.units.map((u) => u.province));
  return {
    position: seen.before.position,
    orders: kept.orders.filter(
      (o) => o.power === viewer.power || (!isBallotKey(o.unitKey) && inSight.has(parseLocationKey(o.unitKey).province)),
    ),
    adjudication: seen.adjudication,
    ...(kept.players ? { players: kept.players } : {}),
    ...(kept.edits ? { edits: kept.edits } : {}),
    // Whose view the case is, and the public counts after it: a sandbox opened from the file is drawn as that view.
    // The last case carries the board after as the power sees it (its `/map` now), where such a sandbox starts.
    fog: {
      power: viewer.power,
      countsAfter: seen.after.counts,
      ...(last ? { after: boardAfter(seen.after.position) } : {}),
    },
  };
}

/** A board as a case writes it (`CaseFog.after`). */
function boardAfter(position: Position): NonNullable<CaseFog['after']> {
  const { phase, units, supplyCenters, dislodged, contested, variantState } = position;
  return {
    phase,
    units,
    supplyCenters,
    ...(phase.type === 'retreat' ? { dislodged, contested } : {}),
    ...(variantState !== undefined ? { variantState } : {}),
  };
}

/** A chart to draw: its input (its texts in English), the file name it is attached under, and its texts as messages. */
export interface ScChartFile {
  input: ScChartInput;
  name: string;
  /**
   * The texts the bot words in its reader's locale (docs/locales.md "Maps"): the title (the picture's heading and alt
   * text), each point's label in `input.years`' order, the victory line's label, and each power's name in the legend.
   */
  words: {
    title: MsgParam;
    years: MsgParam[];
    victory: MsgParam | null;
    powers: Readonly<Record<string, MsgParam>>;
  };
}

/**
 * The supply-centre chart of the channel's latest game (`/history chart`), in `palette` when given, else the
 * caller's own map palette in that game (`/map palette:`), else the game's.
 */
export async function scChartForChannel(
  deps: GameDeps,
  caller: Caller,
  palette: MapPalette | null,
): Promise<Result<{ chart: ScChartFile }>> {
  return await inReadTransaction(deps, async (tx) => {
    const found = await diplomacyGame(tx, caller.channelId, 'chart');
    if ('ok' in found) return found;
    const { game, variant } = found;
    const chosen = palette ?? (await playerByUser(tx, game.id, caller.userId))?.mapPalette ?? game.palette;
    return { ok: true, chart: await chartOf(tx, game, variant, chosen) };
  });
}

/** The chart of game `gameId` in the game's palette (the final post's); null when it has none (not a started Diplomacy game). */
export async function scChartForGame(deps: Pick<GameDeps, 'store'>, gameId: number): Promise<ScChartFile | null> {
  return await deps.store.transaction(async (tx) => {
    const game = await gameById(tx, gameId);
    const variant = game ? variantOfGame(game) : undefined;
    if (!game || !variant || game.kind !== 'diplomacy' || game.currentPhaseId === null) return null;
    return await chartOf(tx, game, variant, game.palette);
  });
}

async function chartOf(tx: Tx, game: GameRow, variant: Variant, palette: MapPalette): Promise<ScChartFile> {
  // The boards alone (a long game's adjudications are not read: they are most of a phase row).
  const rows = await tx
    .select({ id: phases.id, position: phases.position, resolvedAt: phases.resolvedAt })
    .from(phases)
    .where(eq(phases.gameId, game.id))
    .orderBy(asc(phases.idx));
  const positions: Position[] = rows.map((r) => r.position);
  // A resolved last phase (nothing stored after it yet) adds the board it led to.
  const last = rows.at(-1);
  const after = last && last.resolvedAt !== null ? (await phaseById(tx, last.id))?.adjudication?.position : undefined;
  if (after) positions.push(after);
  const now = positions.at(-1)!.phase;
  const years = scHistory<MsgParam>(positions, {
    yearLabel: (year) => yearMsg(year, variant),
    startLabel: msg('chart.start'),
    underWay: game.status === 'finished' ? null : yearMsg(now.year, variant, now.season),
  });
  const victory = variant.victory.centers > 0 ? variant.victory.centers : null;
  return {
    input: {
      title: t('en', chartTitle(variant)),
      powers: variant.powers,
      palette,
      victory,
      years: years.map((y) => ({ label: t('en', msg('text.plain', { text: y.label })), centres: y.centres })),
    },
    name: fileName(game, '-supply-centres.png'),
    words: {
      title: chartTitle(variant),
      years: years.map((y) => y.label),
      victory: victory === null ? null : msg('chart.victory', { count: victory }),
      powers: Object.fromEntries(variant.powers.map((p) => [p.name, powerParam(variant, p.name)])),
    },
  };
}

/** `Classic Diplomacy · supply centres`, `Diplomatie classique · centres de ravitaillement`. */
const chartTitle = (variant: Variant) => msg('chart.title', { variant: variantParam(variant) });
