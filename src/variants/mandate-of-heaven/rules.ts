/**
 * The Mandate of Heaven rules module: the six rules of Cohen's seed on the engine's hooks (src/engine/rules.ts).
 * Interpretations, with the seed sentence each rests on: docs/rules/mandate-of-heaven.md.
 */
import type { GameMap } from '../../engine/map.js';
import type { OrderedUnit, RulesModule } from '../../engine/rules.js';
import type {
  Adjudication,
  AdjudicationContext,
  OrderResult,
  Position,
  Power,
  PowerOrder,
  VariantEvent,
} from '../../engine/types.js';
import { checkMandateData } from './check.js';
import type { MandateFeatures } from './features.js';
import { lastStandOf, lastStandStrength, reviseLastStand } from './rules/last-stand.js';
import {
  afterNomadWinter,
  defaultPlacementEvent,
  isPlacement,
  nomadBuildPlaces,
  nomadBuildSlots,
  nomadDelta,
  nomadWinter,
  placementDefaults,
  placementOrders,
  placementsDue,
} from './rules/nomads.js';
import { convoysFrom, RIVER_DISRUPTION, riverConvoyDisruptors } from './rules/river-convoy.js';
import { isNonNeutral, isVoted, readState, stateProblems, withState, type MandateState } from './rules/state.js';
import { mandateWinner } from './rules/victory.js';
import { adoptBallots, electorate, ownOrderRefused } from './rules/votes.js';

export function mandateRules(features: MandateFeatures, base?: GameMap): RulesModule {
  const nomads = features.nomads;
  const rules: RulesModule = {
    stateful: true,
    // Rule 6: fleets in river provinces convoy; a foreign fleet's legal move into the province disrupts.
    convoysFrom: ({ map, province }) => convoysFrom(features, map, province),
    convoyPlaces: 'a sea or a river province (Mandate of Heaven rule 6)',
    convoyDisrupted: ({ orderedUnits, fleet }) =>
      riverConvoyDisruptors(features, orderedUnits, fleet).length > 0 ? RIVER_DISRUPTION : null,

    // Rule 4: +1 hold and defend strength for a power's last units with no retreat (outer fixed point).
    strength: (ctx, q) => lastStandStrength(ctx, q),
    revisitMovement: ({ position, outcome, pass }) => {
      const state = readState(position);
      return reviseLastStand(position, outcome, pass, (p) => isNonNeutral(features, state, p));
    },
    afterMovement: ({ adjudication, ordered, pass }) => describeMovement(features, adjudication, ordered, pass),

    // Rule 3 (ballots) and rule 2 (default placement): the orders carried out.
    adoptOrders: ({ map, position, orders, context }) => {
      const state = readState(position);
      if (isPlacement(position)) {
        // "As a preliminary to the first Spring move … the Hsiung-Nu may place these armies": no neutral votes yet.
        // The event naming the default placements is made from the adjudication (`afterPhase`).
        return {
          orders: [...orders, ...placementOrders(features, placementDefaults(features, state, position, orders))],
        };
      }
      return adoptBallots(features, state, map, rules, position, orders, context);
    },

    checkState: ({ position, powers }) => stateProblems(features, position, powers),

    votedPowers: ({ position, players }) => {
      const state = readState(position);
      const seated = new Set(players);
      return [...features.neutrals].filter((p) => isVoted(features, state, p, seated)).sort();
    },

    voters: ({ position, context }) => electorate(features, readState(position), position, context).players,

    canSeat: ({ position, power }) => {
      // Rule 3: "If a neutral power grows from one to three SCs, it will be 'activated', and a new player will be called in".
      if (!features.isNeutral(power) || readState(position).activated.includes(power)) return null;
      return `${power} is a neutral power: the players' vote moves it until it grows to 3 supply centres and is activated (Mandate of Heaven rule 3)`;
    },

    // Rule 2: the Hsiung-Nu's allowance and where they build; rule 1: builds on any owned centre.
    // The placement phase is the Hsiung-Nu's alone (rule 2: "As a preliminary to the first Spring move … the
    // Hsiung-Nu may place these armies"): nobody else builds or disbands in it, whatever the board.
    adjustmentDelta: ({ position, power }) => {
      if (isPlacement(position)) return power === nomads ? placementsDue(features, readState(position), position) : 0;
      return power === nomads ? nomadDelta(nomadWinter(features, readState(position), position)) : undefined;
    },
    buildableCenters: ({ position, power }) => {
      if (power === nomads && isPlacement(position)) return [...features.placementArea];
      if (power === nomads)
        return nomadBuildPlaces(features, nomadWinter(features, readState(position), position), position);
      return [...(position.supplyCenters[power] ?? [])]; // rule 1: "Builds will be allowed on any owned SC."
    },
    // Why a free province is no build site: rule 1 (any owned centre), rule 2 (the Hsiung-Nu's places now).
    buildRefusal: ({ map, power, province }) => {
      const place = map.province(province)?.name ?? province;
      return power === nomads
        ? `${place} is not a place where the Hsiung-Nu may build now (Mandate of Heaven rule 2)`
        : `${place} is not a supply centre ${power} owns (Mandate of Heaven rule 1)`;
    },
    // Rule 2 (Q18): "the Hsiung-Nu may place these armies": where, not whether; all three are placed.
    waiveRefused: ({ position, power }) =>
      power === nomads && isPlacement(position)
        ? 'the Hsiung-Nu place all three of their armies: a placement cannot be waived (Mandate of Heaven rule 2)'
        : null,
    buildSlots: ({ position, power }) =>
      power === nomads && !isPlacement(position)
        ? nomadBuildSlots(features, nomadWinter(features, readState(position), position), position)
        : undefined,
    buildableTypes: ({ map, position, power, province }) => {
      const kind = map.province(province)?.kind;
      const standard: ('A' | 'F')[] = kind === 'coast' ? ['A', 'F'] : kind === 'land' ? ['A'] : [];
      if (power !== nomads) return standard; // fleets only in coastal or river centres (river provinces are `coast`)
      if (isPlacement(position)) return ['A']; // "will start with 3 armies"
      // Q17: "only native Chinese troops can be raised" once settled; before, the nomads raise armies only.
      const w = nomadWinter(features, readState(position), position);
      const owned = position.supplyCenters[power]?.includes(province) ?? false;
      return w.regime === 'settled' && owned ? standard : ['A'];
    },
    civilDisorderCenters: ({ position, power }) => {
      // Brief §3.2: while nomad, the placement area is the Hsiung-Nu's "home". Everyone else, neutrals included, by
      // the standard rule ("All other rules are as in Standard Diplomacy"): distance to an owned centre.
      if (power === nomads && nomadWinter(features, readState(position), position).regime === 'nomad') {
        return {
          provinces: [...features.placementArea],
          measuredFrom: 'the placement area, the nomads’ home: Mandate of Heaven rule 2',
        };
      }
      return undefined;
    },

    // Rule 5.
    winner: ({ position, centers }) => {
      const state = readState(position);
      return mandateWinner(features, position, centers, (p) => isNonNeutral(features, state, p));
    },

    afterAdjudication: ({ map, before, orders, adjudication, context }) =>
      afterPhase(features, map, before, orders, adjudication, context),
    checkData: ({ map, data }) => checkMandateData(features, map, data, base),
  };
  return rules;
}

/** Rule 4's `/why` text and rule 6's disrupted convoys, in the players' terms (every list in province order). */
function describeMovement(
  features: MandateFeatures,
  adj: Adjudication,
  ordered: OrderedUnit[],
  pass: unknown,
): Adjudication {
  const lastStand = lastStandOf(pass);
  const byProvince = new Map(ordered.map((ou) => [ou.unit.province, ou]));
  /** Army province -> the fleets whose moves disrupted a river convoy of it. */
  const disruptedArmies = new Map<string, Set<string>>();
  const results = adj.results.map((r): OrderResult => {
    const province = r.unit.split(' ')[1]?.split('/')[0] ?? '';
    const ou = byProvince.get(province);
    let out = r;
    if (ou && r.result === 'void' && r.reason.includes(RIVER_DISRUPTION) && ou.order.kind === 'convoy') {
      const by = riverConvoyDisruptors(features, byProvince, ou);
      const names = by.map((f) => `${f.unit.type} ${f.unit.province} of ${f.unit.power}`);
      const who = names.length > 0 ? `${listed(names)} moved against it` : 'a fleet of another power moved against it';
      const suffix = r.reason.slice(r.reason.indexOf(RIVER_DISRUPTION) + RIVER_DISRUPTION.length);
      out = {
        ...r,
        result: 'failure',
        reason: `convoy disrupted: ${who}, and any such fleet attack disrupts a river convoy whether or not it succeeds (Mandate of Heaven rule 6)${suffix}`,
      };
      const fleets = disruptedArmies.get(ou.order.target.province) ?? new Set<string>();
      for (const f of by) fleets.add(`${f.unit.type} ${f.unit.province}`);
      disruptedArmies.set(ou.order.target.province, fleets);
    }
    if (lastStand && ou && lastStand.lastStand.includes(province) && ou.unit.power === r.power) {
      const count = lastStand.lastStand.filter((p) => byProvince.get(p)?.unit.power === r.power).length;
      // Judged on the resolution without this bonus ("would be annihilated"), which the board after may not show: the
      // bonus can open a retreat (a move it lets through vacates a neighbour), so the text says what would have been.
      const what =
        count === 1
          ? `the last unit of ${r.power} and would otherwise have been dislodged with no retreat`
          : `one of the last units of ${r.power}, which would otherwise all have been dislodged with no retreat`;
      out = { ...out, reason: `${out.reason}; ${r.unit} was ${what}: defence +1 (Mandate of Heaven rule 4)` };
    }
    return out;
  });
  const final = results.map((r): OrderResult => {
    const province = r.unit.split(' ')[1] ?? '';
    const by = disruptedArmies.get(province);
    const lead = /^(no fleet convoyed it|the convoy was disrupted)/.exec(r.reason);
    if (by && by.size > 0 && r.result === 'failure' && lead) {
      const fleets = [...by].sort((a, b) => a.split(' ')[1]!.localeCompare(b.split(' ')[1]!));
      const moves = fleets.length === 1 ? `${fleets[0]}'s move` : `the moves of ${listed(fleets)}`;
      return {
        ...r,
        reason: `its river convoy was disrupted by ${moves} (Mandate of Heaven rule 6)${r.reason.slice(lead[0].length)}`,
      };
    }
    return r;
  });
  return { ...adj, results: final };
}

/** `a`, `a and b`, `a, b and c`. */
function listed(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** State kept between phases, events, and neutral results in the players' terms (rules 2 and 3). */
function afterPhase(
  features: MandateFeatures,
  map: GameMap,
  before: Position,
  orders: PowerOrder[],
  adj: Adjudication,
  context: AdjudicationContext,
): Adjudication {
  let state: MandateState = readState(before);
  const events: VariantEvent[] = [...(adj.events ?? [])];
  const phase = adj.phase;
  const seated = new Set(context.players ?? electorate(features, state, before, context).players);
  const votedAtStart = (p: Power) => isVoted(features, state, p, seated);

  // Units at the start of the season, for votes in the retreat phase that follows ("at the beginning of the turn").
  const seasonUnits =
    phase.type === 'movement' && adj.position.phase.type === 'retreat'
      ? Object.fromEntries(
          [...new Set(before.units.map((u) => u.power))]
            .sort()
            .map((p) => [p, before.units.filter((u) => u.power === p).length]),
        )
      : undefined;
  state = { ...state, seasonUnits };

  // Rule 2: the placement, and the events of its default placements as carried out.
  if (isPlacement(before)) {
    const event = defaultPlacementEvent(
      features,
      map,
      placementDefaults(features, state, before, orders),
      adj.position,
    );
    if (event) events.push(event);
  }
  // Rule 2: the Hsiung-Nu's winter, adjudicated or skipped for lack of decisions (the placement is none: its checks
  // and the switch come at the winters of the game years).
  const skippedWinter =
    phase.type !== 'adjustment' && adj.position.phase.year > phase.year && phase.season !== 'winter';
  if ((phase.type === 'adjustment' && !isPlacement(before)) || skippedWinter) {
    const winter: Position =
      phase.type === 'adjustment'
        ? before
        : { ...adj.position, phase: { season: 'winter', year: phase.year, type: 'adjustment' } };
    const r = afterNomadWinter(features, state, winter, adj.position, features.nomads);
    state = r.state;
    events.push(...r.events);
  }

  // Rule 3: "If a neutral power grows from one to three SCs, it will be 'activated'" (checked after the Fall update).
  if (adj.centerChanges.length > 0) {
    for (const neutral of [...features.neutrals].sort()) {
      const owned = adj.position.supplyCenters[neutral]?.length ?? 0;
      if (state.activated.includes(neutral) || owned < 3) continue;
      state = { ...state, activated: [...state.activated, neutral] };
      events.push({
        kind: 'activated',
        power: neutral,
        text: `${neutral} has grown to ${owned} supply centres${owned > 3 ? ', 3 or more,' : ''} and is activated: the game master may seat a new player on it (never one eliminated in this game); until then the players' vote still moves it (Mandate of Heaven rule 3).`,
      });
    }
  }

  const results = adj.results.map((r) => neutralResult(features, r, phase.type, votedAtStart));
  const position = withState(adj.position, state);
  // Rule 5 with rule 3: victory is a player's. An activated neutral nobody has been seated on is still moved by the
  // players' vote ("a new player will be called in to play it"), so it cannot win until a player plays it.
  const winner = adj.winner !== null && isVoted(features, state, adj.winner, seated) ? null : adj.winner;
  return { ...adj, results, position, winner, ...(events.length > 0 ? { events } : {}) };
}

/** A voted neutral's result: the adopted order, or what happened for lack of a majority. */
function neutralResult(
  _features: MandateFeatures,
  r: OrderResult,
  phase: Position['phase']['type'],
  voted: (p: Power) => boolean,
): OrderResult {
  let reason = r.reason;
  if (voted(r.power) && r.reason !== ownOrderRefused(r.power)) {
    const { defaulted, ...rest } = r;
    if (defaulted) {
      if (phase === 'movement') reason = reason.replace(/^no order: the unit held/, 'held (no majority)');
      else if (phase === 'retreat') reason = 'disbanded (no majority)';
      else if (r.order === 'WAIVE') reason = 'no build (no majority)';
      else
        reason = reason.replace(
          /^removed in civil disorder \((.*)\)$/,
          'removed in civil disorder (no majority for a disband; $1)',
        );
      return { ...rest, reason, vote: 'no-majority' };
    }
    return { ...rest, reason: `adopted by the players' vote: ${reason}`, vote: 'adopted' };
  }
  return reason === r.reason ? r : { ...r, reason };
}
