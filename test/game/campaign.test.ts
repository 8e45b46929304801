import { afterEach, describe, expect, it } from 'vitest';
import { createGame, joinGame, startGame } from '../../src/game/lobby/lobby.js';
import { finalPlaces } from '../../src/game/resolve/resolve.js';
import { t } from '../../src/i18n/index.js';
import { games, phases } from '../../src/store/schema.js';
import { CHANNEL, GM, makeEnv, ok, userOf, type TestEnv } from './helpers.js';
import { getVariant, pluginOf } from '../../src/variants/index.js';
import {
  optionSuggestions as campaignSuggestions,
  optionsLine,
  parseOptionsText as parseCampaign,
  variantOfGame,
} from '../../src/game/core/variant-of-game.js';

/** Warhammer's plug-in records the powers nobody took (campaign option worthlessAbsentCentres). */
const withAbsentPowers = (
  variant: typeof wh,
  options: Record<string, string>,
  position: ReturnType<typeof wh.startingPosition>,
  joined: { power: string }[],
) => pluginOf('warhammer').startPosition!(position, { variant, options, seated: joined.map((j) => j.power) });

const wh = getVariant('warhammer')!;

describe('Warhammer campaign options in the game layer', () => {
  it('parses a comma-separated campaign list, names matched without case', () => {
    const r = parseCampaign(wh, 'strongcapitals, orcsInTheHills=pale , greaterEmpire');
    expect(r).toEqual({ ok: true, options: { strongCapitals: 'on', orcsInTheHills: 'pale', greaterEmpire: 'on' } });
    expect(parseCampaign(wh, '')).toEqual({ ok: true, options: {} });
  });

  it('refuses an unknown option or value, naming it', () => {
    const bad = parseCampaign(wh, 'strongCapitals, flyingPigs');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toContain('"flyingPigs"');
    const badValue = parseCampaign(wh, 'orcsInTheHills=moon');
    expect(badValue.ok).toBe(false);
    if (!badValue.ok) expect(badValue.error).toContain('orcsInTheHills takes off, pale, wrld, both');
    const classic = parseCampaign(getVariant('classic')!, 'strongCapitals');
    expect(classic.ok).toBe(false);
  });

  it('suggests the next campaign rule while the list is typed, each suggestion a list parseCampaign accepts', () => {
    const first = campaignSuggestions(wh, '');
    expect(first.map((s) => s.text)).toEqual([
      // The option its plug-in describes itself is offered too (`/game create options:` carries every option).
      'decisiveBattles=dice',
      'decisiveBattles=off',
      'strongCapitals',
      'greaterEmpire',
      'orcsInTheHills=pale',
      'orcsInTheHills=wrld',
      'orcsInTheHills=both',
      'oldWorldOnly',
      'worthlessAbsentCentres',
      'cataclysmicBattles',
    ]);
    expect(first[2]!.label).toMatch(/^strongCapitals: Strong Capitals: a unit holding on a capital/);
    // The rules already written stay; the one being written is completed; a rule is never offered twice.
    const next = campaignSuggestions(wh, 'strongCapitals, orcs');
    expect(next.map((s) => s.text)).toEqual([
      'strongCapitals, orcsInTheHills=pale',
      'strongCapitals, orcsInTheHills=wrld',
      'strongCapitals, orcsInTheHills=both',
    ]);
    expect(campaignSuggestions(wh, 'StrongCapitals,').map((s) => s.text)).not.toContain(
      'StrongCapitals, strongCapitals',
    );
    for (const s of [...first, ...next]) expect(parseCampaign(wh, s.text).ok, s.text).toBe(true);
    expect(campaignSuggestions(wh, 'flyingPigs')).toEqual([]);
    expect(campaignSuggestions(getVariant('classic')!, '')).toEqual([]);
  });

  it('leaves out a suggestion longer than Discord allows a choice value', () => {
    const all =
      'decisiveBattles=gm, strongCapitals, greaterEmpire, orcsInTheHills=both, oldWorldOnly, worthlessAbsentCentres';
    expect(campaignSuggestions(wh, `${all}, `, all.length + 2)).toEqual([]);
    expect(campaignSuggestions(wh, `${all}, `, 200).map((s) => s.text)).toEqual([`${all}, cataclysmicBattles`]);
  });

  it('variantOfGame configures the variant for the game options', () => {
    expect(variantOfGame({ variantId: 'warhammer', options: null })).toBe(wh);
    const hills = variantOfGame({ variantId: 'warhammer', options: { orcsInTheHills: 'pale' } })!;
    expect(hills).not.toBe(wh);
    expect(hills.startingPosition().units.length).toBe(wh.startingPosition().units.length + 1);
    expect(variantOfGame({ variantId: 'classic', options: {} })!.id).toBe('classic');
  });

  it('worthlessAbsentCentres records the powers nobody took in variantState.absent', () => {
    const seated = wh.powers.filter((p) => !p.neutral).map((p) => p.name);
    const joined = seated.slice(0, 2).map((power) => ({ power }));
    const start = wh.startingPosition();
    const p = withAbsentPowers(wh, { worthlessAbsentCentres: 'on' }, start, joined);
    expect((p.variantState as { absent: string[] }).absent).toEqual(seated.slice(2));
    expect(withAbsentPowers(wh, { worthlessAbsentCentres: 'off' }, start, joined)).toBe(start);
  });
});

describe('optionsLine', () => {
  it("lists the options that are not off, leaving out those the variant's plug-in describes itself", () => {
    const own = pluginOf('warhammer').ownOptions;
    expect(optionsLine({ decisiveBattles: 'gm', strongCapitals: 'off' }, own)).toBe('');
    expect(optionsLine({ decisiveBattles: 'gm', strongCapitals: 'on', orcsInTheHills: 'both' }, own)).toBe(
      'Campaign rules: strongCapitals, orcsInTheHills=both.\n',
    );
    expect(optionsLine({ decisiveBattles: 'dice' })).toBe('Campaign rules: decisiveBattles=dice.\n');
  });
});

describe('a Warhammer game with campaign options', () => {
  let env: TestEnv | undefined;
  afterEach(async () => await env?.close());

  it('stores them, starts on the configured variant with the absent powers, and ranks at the end', async () => {
    env = await makeEnv();
    const bad = await createGame(env.deps, {
      channelId: CHANNEL,
      guildId: 'g',
      userId: GM,
      variantId: 'warhammer',
      optionsText: 'strongCapitals, nope',
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toContain('"nope"');
    const created = ok(
      await createGame(env.deps, {
        channelId: CHANNEL,
        guildId: 'g',
        userId: GM,
        variantId: 'warhammer',
        optionsText: 'worthlessAbsentCentres, orcsInTheHills=pale',
      }),
    );
    expect(created.game.options).toMatchObject({
      worthlessAbsentCentres: 'on',
      orcsInTheHills: 'pale',
      strongCapitals: 'off',
      decisiveBattles: 'gm',
    });
    for (const power of ['Bretonnia', 'Empire'])
      ok(await joinGame(env.deps, { channelId: CHANNEL, userId: userOf(power), power }));
    ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    const phase = (await env.deps.store.db.select().from(phases).orderBy(phases.id))[0]!;
    const state = phase.position.variantState as { absent: string[]; hillArmies: string[] };
    expect(state.absent).toContain('Chaos');
    expect(state.absent).not.toContain('Empire');
    expect(state.hillArmies).toEqual(['pale']);
    const row = (await env.deps.store.db.select().from(games))[0]!;
    const places = (await env.deps.store.transaction(async (tx) => await finalPlaces(tx, row, 0)))!;
    expect(t('en', places.rule)).toBe('centres, then Sepoys, then Mercenaries');
    expect(places.places[0]).toMatchObject({ place: 1, note: null });
  });
});
