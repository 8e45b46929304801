/**
 * What the deliverer and `/map`, `/history` need to draw a phase's maps at send time (so the resolving
 * transaction stays fast): `renderMap(input.variant, input.position, { orders, results, adjudication, title, palette })`.
 *
 * A resolved phase has two pictures: its orders with their results on the position before it,
 * and the board after it (the next phase's position: new places, centre ownership after a fall, dislodged
 * units beside their provinces with their retreat options).
 */
import { eq } from 'drizzle-orm';
import type { Adjudication, OrderResult, Phase, Position, PowerOrder, ProvinceId } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { type Msg, msg, t } from '../../i18n/index.js';
import type { Tx } from '../../store/store.js';
import { players, type GameRow, type PhaseRow } from '../../store/schema.js';
import { recordsOf, isBallotKey, pluginMsg } from '../phase/index.js';
import { gameById, openGameByChannel, ordersOf, phaseById, playerByUser } from '../../store/queries.js';
import { phaseMsg, type Caller, type GameDeps, type Result, variantOfGame, variantParam } from '../core/index.js';
import { pluginOf } from '../../variants/index.js';
import { fogIsUp, phaseSeenBy, powerView, SEES_NOTHING, type Viewer } from '../fog/index.js';
import type { MapOverlay, OverlayContext, PictureKind } from '../../variants/plugin/index.js';

export type MapPalette = 'standard' | 'colorblind';
export const MAP_PALETTES: readonly MapPalette[] = ['standard', 'colorblind'];

export interface RenderInput {
  variant: Variant;
  /** The position drawn: the start of the phase, or the board after it. */
  position: Position;
  /** The phase's orders (only for a resolved phase and `withOrders`). */
  orders?: PowerOrder[];
  results?: OrderResult[];
  adjudication?: Adjudication;
  title: string;
  /** The title as a message, for a front end that draws the picture in its reader's locale (`title` is its English). */
  caption?: Msg;
  /** The game's palette (`/game create palette:`). */
  palette: MapPalette;
  /** What the variant's plug-in draws beyond units and orders (absent when nothing). */
  overlays?: MapOverlay[];
  /** Fog of war: the provinces the viewer cannot see (drawn as fog); `position` then holds only what they see. */
  fog?: ProvinceId[];
  /** Fog of war: every power's centres and units, public, for the legend (the board shows only what is in sight). */
  legendCounts?: Record<string, { centers: number; units: number }>;
  /** Fog of war: the power whose view this is. */
  viewer?: string;
}

/**
 * Who the picture is for (src/game/fog `Viewer`). Without one, the picture is public: in a game whose fog is up there
 * is none (the channel's posts show no board).
 */
export interface ViewerOption {
  viewer?: Viewer;
}

/** Which picture of a phase: its orders and results, or the board after it (resolved phases only). */
export type PhasePicture = 'orders' | 'after';

/**
 * Inputs for drawing phase `phaseId`. Orders are only ever returned for a resolved phase (secret until
 * adjudication); for an unresolved phase the map shows the position alone. Null when the phase is gone
 * (e.g. undone by a rollback) or its variant is unknown.
 */
export async function renderInputForPhase(
  deps: Pick<GameDeps, 'store'>,
  phaseId: number,
  opts: { withOrders?: boolean } & ViewerOption = {},
): Promise<RenderInput | null> {
  return await guarded(
    async () => await readRenderInput(deps, phaseId, opts.withOrders ? 'orders' : null, opts.viewer),
  );
}

/**
 * Both pictures of a resolved phase, for its results post: the orders with their results, and the board
 * after. Null when the phase is gone, unresolved or its variant unknown.
 */
export async function renderInputsForResults(
  deps: Pick<GameDeps, 'store'>,
  phaseId: number,
  opts: ViewerOption = {},
): Promise<{ orders: RenderInput; after: RenderInput } | null> {
  return await guarded(async () => {
    const orders = await readRenderInput(deps, phaseId, 'orders', opts.viewer);
    const after = await readRenderInput(deps, phaseId, 'after', opts.viewer);
    return orders?.orders && after ? { orders, after } : null;
  });
}

/** One picture of a phase (`/history phase: picture:`); null when that picture does not exist. */
export async function renderInputForPicture(
  deps: Pick<GameDeps, 'store'>,
  phaseId: number,
  picture: PhasePicture,
  opts: ViewerOption = {},
): Promise<RenderInput | null> {
  return await guarded(async () => await readRenderInput(deps, phaseId, picture, opts.viewer));
}

/**
 * A picture a variant's step posts carry (`step_post`, `picture`): `board` is the phase's board; any other name is
 * one of the plug-in's `pictures` (the orders with a provisional result …). Null when the phase is gone, or the
 * plug-in has nothing to draw.
 */
export async function renderInputForStepPicture(
  deps: Pick<GameDeps, 'store'>,
  phaseId: number,
  picture: string,
): Promise<(RenderInput & { file: string }) | null> {
  if (picture === 'board') {
    const board = await renderInputForPhase(deps, phaseId);
    return board ? { ...board, file: '' } : null;
  }
  return await guarded(
    async () =>
      await deps.store.transaction(async (tx) => {
        const phase = await phaseById(tx, phaseId);
        const game = phase ? await gameById(tx, phase.gameId) : undefined;
        const variant = game ? variantOfGame(game) : undefined;
        const draw = game ? pluginOf(game.variantId).pictures?.[picture] : undefined;
        // A variant's step pictures show the whole board: none while the fog is up (docs/table.md "Fog of war").
        if (!phase || !game || !variant || !draw || fogIsUp(game)) return null;
        const drawn = draw(await overlayContext(tx, game, variant, phase, picture));
        if (!drawn) return null;
        const input: RenderInput = {
          variant,
          position: phase.position,
          ...(drawn.orders ? { orders: await shownOrders(tx, phase.id) } : {}),
          ...(drawn.adjudication ? { results: drawn.adjudication.results, adjudication: drawn.adjudication } : {}),
          ...stepPictureTitle(variant, phase.position.phase, pluginMsg(drawn.title)),
          palette: paletteOf(game.palette),
        };
        return { ...(await withOverlays(tx, input, game, phase, picture)), file: drawn.file };
      }),
  );
}

async function guarded<T>(read: () => Promise<T | null>): Promise<T | null> {
  try {
    return await read();
  } catch {
    return null;
  }
}

async function readRenderInput(
  deps: Pick<GameDeps, 'store'>,
  phaseId: number,
  picture: PhasePicture | null,
  viewer: Viewer = SEES_NOTHING,
): Promise<RenderInput | null> {
  return await deps.store.transaction(async (tx) => {
    const phase = await phaseById(tx, phaseId);
    if (!phase) return null;
    const game = await gameById(tx, phase.gameId);
    const variant = game ? variantOfGame(game) : undefined;
    if (!game || !variant) return null;
    // Fog of war: the truth for whoever sees all, the power's view for a player, no board for anyone else.
    if (fogIsUp(game) && viewer.kind !== 'all')
      return viewer.kind === 'power' ? await foggedInput(tx, game, variant, phase, picture, viewer.power) : null;
    const palette = paletteOf(game.palette);
    if (picture === 'after') {
      if (!phase.adjudication) return null;
      const next = phase.adjudication.position;
      return await withOverlays(
        tx,
        {
          variant,
          position: next,
          ...pictureTitle(variant, phase.position.phase, { after: next.phase }),
          palette,
        },
        game,
        phase,
        'after',
      );
    }
    if (picture !== 'orders' || !phase.adjudication)
      return await withOverlays(
        tx,
        { variant, position: phase.position, ...pictureTitle(variant, phase.position.phase, 'board'), palette },
        game,
        phase,
        'board',
      );
    return await withOverlays(
      tx,
      {
        variant,
        position: phase.position,
        orders: await shownOrders(tx, phase.id),
        results: phase.adjudication.results,
        adjudication: phase.adjudication,
        ...pictureTitle(variant, phase.position.phase, 'orders'),
        palette,
      },
      game,
      phase,
      'orders',
    );
  });
}

/**
 * A phase picture's title as the message a front end words in its reader's locale (`map.title.*`, as the channel's
 * posts title the same pictures), and its English wording (`Classic Diplomacy · Spring 1901 movement · orders and
 * results`).
 */
function pictureTitle(
  variant: Variant,
  phase: Phase,
  shows: 'board' | 'orders' | { after: Phase },
): { title: string; caption: Msg } {
  const named = { variant: variantParam(variant), phase: phaseMsg(phase, variant) };
  const caption =
    shows === 'board'
      ? msg('map.title.board', named)
      : shows === 'orders'
        ? msg('map.title.orders', named)
        : msg('map.title.after', { ...named, next: phaseMsg(shows.after, variant) });
  return { title: t('en', caption), caption };
}

/** A variant's step picture's title (`… · orders and provisional results`), as a message and in English. */
function stepPictureTitle(variant: Variant, phase: Phase, what: Msg): { title: string; caption: Msg } {
  const caption = msg('map.title.step', { variant: variantParam(variant), phase: phaseMsg(phase, variant), what });
  return { title: t('en', caption), caption };
}

/**
 * One picture of a phase as `power` sees it (src/game/fog `phaseSeenBy`, `powerView`): the board in sight, the orders
 * and results of the units it saw, the rest drawn as fog. The variant's overlays (which may mark anything on the board)
 * are left out.
 */
async function foggedInput(
  tx: Tx,
  game: GameRow,
  variant: Variant,
  phase: PhaseRow,
  picture: PhasePicture | null,
  power: string,
): Promise<RenderInput> {
  const palette = paletteOf(game.palette);
  if (!phase.adjudication || picture === null) {
    const view = powerView(variant, phase.position, power);
    return {
      variant,
      position: view.position,
      ...pictureTitle(variant, phase.position.phase, 'board'),
      palette,
      fog: view.hidden,
      legendCounts: view.counts,
      viewer: power,
    };
  }
  const seen = phaseSeenBy(
    variant,
    { position: phase.position, adjudication: phase.adjudication },
    await shownOrders(tx, phase.id),
    power,
  );
  if (picture === 'after') {
    const next = seen.after.position;
    return {
      variant,
      position: next,
      ...pictureTitle(variant, phase.position.phase, { after: next.phase }),
      palette,
      fog: seen.after.hidden,
      legendCounts: seen.after.counts,
      viewer: power,
    };
  }
  return {
    variant,
    position: seen.before.position,
    orders: seen.orders,
    results: seen.adjudication.results,
    adjudication: seen.adjudication,
    ...pictureTitle(variant, phase.position.phase, 'orders'),
    palette,
    fog: seen.before.hidden,
    legendCounts: seen.before.counts,
    viewer: power,
  };
}

/** What the plug-in is told about a picture of one of its games (read only). */
async function overlayContext(
  tx: Tx,
  game: GameRow,
  variant: Variant,
  phase: PhaseRow,
  picture: PictureKind,
  orders?: readonly PowerOrder[],
): Promise<OverlayContext> {
  const plugin = pluginOf(game.variantId);
  const records = await recordsOf(tx, plugin.records, { gameId: game.id, phaseId: phase.id, now: 0 });
  return {
    variant,
    picture,
    options: game.options ?? {},
    phase: {
      index: phase.idx,
      position: phase.position,
      adjudication: phase.resolvedAt !== null ? phase.adjudication : null,
      ...(orders ? { orders } : {}),
    },
    records: { get: records.get, list: records.list },
  };
}

/** The input with the overlays the variant's plug-in draws on this picture (none: the input as it is). */
export async function withOverlays(
  tx: Tx,
  input: RenderInput,
  game: GameRow,
  phase: PhaseRow,
  picture: PictureKind,
): Promise<RenderInput> {
  const plugin = pluginOf(game.variantId);
  if (!plugin.mapOverlays) return input;
  const overlays = plugin.mapOverlays(await overlayContext(tx, game, input.variant, phase, picture, input.orders));
  return overlays.length > 0 ? { ...input, overlays } : input;
}

/** A phase's orders as its maps show them. Votes for neutral units stay secret even after the phase: only the adopted orders (in the results) are shown. */
async function shownOrders(tx: Tx, phaseId: number): Promise<PowerOrder[]> {
  return (await ordersOf(tx, phaseId))
    .filter((o) => !isBallotKey(o.unitKey))
    .map((o) => ({ power: o.power, order: o.order }));
}

function paletteOf(stored: string | null | undefined): MapPalette {
  return stored === 'colorblind' ? 'colorblind' : 'standard';
}

/**
 * The palette of the caller's private `/map`: `chosen` if given (and remembered for a player of the channel's
 * game), else the player's earlier choice, else the game's palette.
 */
export async function mapPaletteFor(
  deps: Pick<GameDeps, 'store'>,
  caller: Caller,
  chosen: MapPalette | null,
): Promise<Result<{ palette: MapPalette; remembered: boolean }>> {
  return await deps.store.transaction(async (tx) => {
    const game = await openGameByChannel(tx, caller.channelId);
    if (!game) return { ok: true, palette: chosen ?? 'standard', remembered: false };
    const player = await playerByUser(tx, game.id, caller.userId);
    if (chosen) {
      if (!player) return { ok: true, palette: chosen, remembered: false };
      await tx.update(players).set({ mapPalette: chosen }).where(eq(players.id, player.id));
      return { ok: true, palette: chosen, remembered: true };
    }
    return { ok: true, palette: paletteOf(player?.mapPalette ?? game.palette), remembered: false };
  });
}
