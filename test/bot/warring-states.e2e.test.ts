/**
 * End to end for Warring States v2 in the bot: the fake Discord, the real bot (discord.js through
 * DISCORD_API_BASE) and a temp-file database. A 7-player game is created with `/game create variant:warring-states`
 * and started (map post with a PNG); `/order` autocomplete proposes the variant's orders (Raise, Rapid River Moves,
 * army-only builds, never a convoy); Spring 1 raises fleets in Ji and Linzi (seed Fleets 1: "Army Ji Raise Fleet"),
 * Fall 1 moves the fleet raised in Linzi by a Rapid River Move (seed RRM 1) and takes Wei, and Winter 1 builds.
 *
 * The rapid river path is not hard-coded: it is found with `legalOrders` on the position the engine predicts after
 * the scripted Spring orders, so a map change that breaks it fails here with a clear message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/index.js';
import { legalOrders } from '../../src/engine/options.js';
import { parseOrder } from '../../src/engine/parse/index.js';
import type { Position, PowerOrder } from '../../src/engine/types.js';
import type { Variant } from '../../src/engine/variant.js';
import { getVariant } from '../../src/variants/index.js';
import { textOf } from '../support/fake-discord/index.js';
import {
  createHarness,
  expectMapPost,
  expectResultsPost,
  type Harness,
  realMaps,
  slashConfirmed,
  waitForResults as waitForResultsIn,
} from './harness.js';

const CHANNEL = 'zhanguo';
const POWERS = ['Qin', 'Chu', 'Zhao', 'Wei', 'Han', 'Yan', 'Qi'] as const;
type WsPower = (typeof POWERS)[number];
const playerOf = (power: WsPower): string => `${power.toLowerCase()}-player`;

/** One order as the player types it, and as the bot stores and shows it (normalized, src/engine/format.ts). */
interface ScriptOrder {
  typed: string;
  stored: string;
}
const same = (text: string): ScriptOrder => ({ typed: text, stored: text });

/**
 * Spring 1: Yan and Qi raise fleets with the seed's spellings (Fleets 1; docs/rules/warring-states.md §2), Wei's
 * army leaves Wei for Ye so that the Yellow River below Linzi is clear for the Fall rapid river move.
 * The other moves go to non-centres, so that in Winter only Qi (which takes Wei) has something to decide.
 */
const SPRING_1: Record<WsPower, ScriptOrder[]> = {
  Qin: [same('A nan - wpa'), same('A xia H'), same('A yon H')],
  Chu: [same('A sch - hua'), same('A cha H'), same('A yin H')],
  Zhao: [same('A tai - dai'), same('A jin H'), same('A han H')],
  Wei: [same('A wei - ye'), same('A dal H'), same('A zmo H')],
  Han: [same('A luo - hen'), same('A yiy H'), same('A yzh H')],
  Yan: [{ typed: 'A Ji R F', stored: 'A ji R F' }, same('A yuy H'), same('A lxi H')],
  Qi: [{ typed: 'Army Linzi Raise Fleet', stored: 'A lin R F' }, same('A jia H'), same('A lib H')],
};

/** Parses a script with the engine, as the bot would store it, for predicting positions in the setup. */
function engineOrders(
  variant: Variant,
  position: Position,
  script: Partial<Record<WsPower, ScriptOrder[]>>,
): PowerOrder[] {
  return Object.entries(script).flatMap(([power, list]) =>
    list.map((o) => {
      const parsed = parseOrder(variant, o.typed, { position, power });
      if (!parsed.ok) throw new Error(`script order "${o.typed}" of ${power} does not parse: ${parsed.error}`);
      return { power, order: parsed.order };
    }),
  );
}

describe('a 7-player Warring States game through the Discord bot', () => {
  const variant = getVariant('warring-states')!;
  let h: Harness;
  /** The rapid river move of Qi's new fleet in Linzi in Fall 1 (normalized), and where it ends. */
  let rapid: string;
  let rapidEnd: string;
  /** The same move as a player types it with the areas' full names (`F Linzi - Diqiu - Wei`). */
  let rapidTyped: string;
  /** Every order of the Linzi fleet in Fall 1 that starts like the rapid river move's first step (`F lin - diq…`). */
  let firstStepOrders: string[];
  /** The centre changes the engine predicts for Fall 1, as the results post words them (`• Wei: Wei → Qi`). */
  let fallCentreLines: string[];
  const FALL_1 = (): Partial<Record<WsPower, ScriptOrder[]>> => ({
    Qi: [{ typed: rapidTyped, stored: rapid }],
    Yan: [same('F ji - boh')],
  });

  beforeAll(async () => {
    // Predict the Fall 1 position and pick a rapid river path for the fleet raised in Linzi with legalOrders.
    const spring = adjudicate(
      variant,
      variant.startingPosition(),
      engineOrders(variant, variant.startingPosition(), SPRING_1),
    );
    const fall = spring.position;
    const qiFleet = legalOrders(variant, fall, 'Qi').find((u) => u.unit.type === 'F' && u.unit.province === 'lin');
    expect(qiFleet, 'Qi should have a fleet in Linzi after raising it').toBeDefined();
    const occupied = new Set(fall.units.map((u) => u.province));
    const paths = qiFleet!.orders
      .map((o) => o.split(' - '))
      .filter((spaces) => spaces.length >= 3) // `F lin`, then 2 or 3 spaces: a rapid river move (one space is a move)
      .filter((spaces) => spaces.slice(1).every((p) => !occupied.has(p) && !variant.map.isSea(p)));
    expect(paths.length, `no vacant rapid river path from Linzi in ${JSON.stringify(qiFleet!.orders)}`).toBeGreaterThan(
      0,
    );
    const path = paths[0]!;
    rapid = path.join(' - ');
    firstStepOrders = qiFleet!.orders.filter((o) => o.startsWith(path.slice(0, 2).join(' - ')));
    rapidEnd = path[path.length - 1]!;
    rapidTyped = ['F Linzi', ...path.slice(1).map((p) => variant.map.province(p)!.name)].join(' - ');
    const fallResolved = adjudicate(variant, fall, engineOrders(variant, fall, FALL_1()));
    fallCentreLines = fallResolved.centerChanges.map(
      (c) => `• ${variant.map.province(c.province)!.name} (${c.province}): ${c.from ?? 'neutral'} → ${c.to}`,
    );
    expect(fallResolved.centerChanges.some((c) => c.province === rapidEnd && c.to === 'Qi')).toBe(
      variant.map.province(rapidEnd)!.supplyCenter,
    );

    h = await createHarness({ users: ['gm', ...POWERS.map(playerOf)], channels: [CHANNEL] }, { maps: realMaps() });
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  const waitForResults = (label: string) => waitForResultsIn(h, CHANNEL, label);

  /** Autocomplete of `/order` for `power`'s player with `typed` in the option: the proposed values. */
  async function suggest(power: WsPower, typed: string): Promise<string[]> {
    const choices = await h.fake.autocomplete(playerOf(power), CHANNEL, 'order', { orders: typed }, 'orders');
    return choices.map((c) => String(c.value));
  }

  /** Each power's player submits; the ephemeral reply and the DM list the orders as stored. */
  async function submit(orders: Partial<Record<WsPower, ScriptOrder[]>>): Promise<void> {
    for (const [power, list] of Object.entries(orders) as [WsPower, ScriptOrder[]][]) {
      const player = playerOf(power);
      const dmsBefore = h.fake.dms(player).length;
      const reply = await h.fake.slash(player, CHANNEL, 'order', { orders: list.map((o) => o.typed).join('; ') });
      expect(reply.ephemeral).toBe(true);
      expect(reply.text, reply.text).not.toContain('❌');
      for (const o of list) expect(reply.text).toContain(`\`${o.stored}\``);
      const dm = await h.fake.waitForDm(
        player,
        (m) => h.fake.dms(player).indexOf(m) >= dmsBefore && m.content.includes(`Your orders for ${power}`),
      );
      for (const o of list) expect(dm.content).toContain(`\`${o.stored}\``);
    }
  }

  /** Nothing delivered since `since` but the ordering player's own DMs and ephemeral replies shows the raise orders. */
  function expectRaisesPrivate(since: number): void {
    for (const [power, order] of [
      ['Yan', 'A ji R F'],
      ['Qi', 'A lin R F'],
    ] as const) {
      for (const delivery of h.fake.deliveries.slice(since)) {
        const own = delivery.audience.kind === 'user' && delivery.audience.userId === h.fake.user(playerOf(power)).id;
        if (!own)
          expect(textOf(delivery).includes(order), `${power}'s "${order}" leaked via ${delivery.via}`).toBe(false);
      }
    }
  }

  it('creates a Warring States game, seats the seven powers, and starts with the map', async () => {
    const created = await h.fake.slash('gm', CHANNEL, 'game create', {
      variant: 'warring-states',
      movement: '1h',
      retreat: '1h',
      adjustment: '1h',
    });
    expect(created.ephemeral).toBe(false);
    expect(created.text).toContain(`**${variant.name}**`);
    const free = await h.fake.autocomplete(playerOf('Qin'), CHANNEL, 'game join', { power: '' }, 'power');
    expect(free.map((c) => c.value).sort()).toEqual([...POWERS].sort());
    for (const power of POWERS) {
      const joined = await h.fake.slash(playerOf(power), CHANNEL, 'game join', { power });
      expect(joined.text).toContain(`joined the game as **${power}**`);
    }
    const started = await h.fake.slash('gm', CHANNEL, 'game start');
    expect(started.text).toContain('7 players');
    const startPost = await h.fake.waitForChannelMessage(CHANNEL, (m) => m.content.includes('has started'));
    expectMapPost(startPost);
    for (const power of POWERS)
      await h.fake.waitForDm(playerOf(power), (m) => m.content.includes(`You play **${power}**`));
    const status = await h.fake.slash('gm', CHANNEL, 'game status');
    expect(status.text).toContain('Spring 1 movement');
  });

  it('Spring 1: autocomplete offers the Raise order and no convoys; Ji and Linzi raise fleets', async () => {
    // Yan's army in Ji (seed Fleets 1: "Army Ji Raise Fleet"), by its normalized form and by the seed's spelling.
    expect(await suggest('Yan', 'A ji')).toEqual(expect.arrayContaining(['A ji R F', 'A ji - yuy', 'A ji H']));
    expect((await suggest('Yan', 'A Ji R'))[0]).toBe('A ji R F');
    const all = await suggest('Yan', '');
    expect(all).toEqual(expect.arrayContaining(['A ji H', 'A lxi H', 'A yuy H']));
    // Several orders in one option: the earlier ones are kept, the last one is completed.
    expect(await suggest('Qi', 'A jia H; A lin R')).toContain('A jia H; A lin R F');
    for (const power of POWERS) {
      const offered = await suggest(power, '');
      expect(
        offered.filter((o) => / C /.test(o)),
        `${power} was offered a convoy`,
      ).toEqual([]);
    }

    const since = h.fake.deliveries.length;
    await submit(SPRING_1);
    expectRaisesPrivate(since);
    for (const power of POWERS) {
      const reply = await h.fake.slash(playerOf(power), CHANNEL, 'ready');
      expect(reply.text).toContain(`${power} is ready`);
    }
    const results = await waitForResults('Spring 1 movement');
    await expectResultsPost(h, results);
    const text = textOf(results);
    for (const order of ['A ji R F', 'A lin R F', 'A wei - ye', 'A nan - wpa'])
      expect(text).toContain(`✅ \`${order}\``);
    expect(text).toContain('Fall 1 movement');
  });

  it('Fall 1: the raised fleets are on the board, and the Linzi fleet makes a Rapid River Move', async () => {
    // The armies became fleets: `/orders show` lists them among the units still without an order.
    const qi = await h.fake.slash(playerOf('Qi'), CHANNEL, 'orders show');
    expect(qi.text).toContain('Fall 1 movement');
    expect(qi.text).toMatch(/Still without an order: .*F lin/);
    const yan = await h.fake.slash(playerOf('Yan'), CHANNEL, 'orders show');
    expect(yan.text).toMatch(/Still without an order: .*F ji/);

    // Autocomplete proposes the rapid river paths of the new fleet (seed RRM 1), and no convoy for any fleet.
    const firstStep = firstStepOrders[0]!; // `F lin - diq`
    const river = await suggest('Qi', firstStep);
    expect(river).toContain(rapid);
    expect(firstStepOrders.length).toBeGreaterThan(1); // the one-space move and at least one rapid river move
    expect(river.slice(0, firstStepOrders.length)).toEqual(firstStepOrders); // completions of what was typed come first
    expect(await suggest('Yan', 'F ji')).toEqual(expect.arrayContaining(['F ji - boh', 'F ji H']));
    for (const power of ['Qi', 'Yan'] as const) {
      expect(
        (await suggest(power, 'F')).filter((o) => / C /.test(o)),
        power,
      ).toEqual([]);
    }

    await submit(FALL_1());
    const advanced = await slashConfirmed(h, 'gm', CHANNEL, 'gm advance');
    expect(advanced.text).toContain('Fall 1 movement');
    const results = await waitForResults('Fall 1 movement');
    await expectResultsPost(h, results);
    const text = textOf(results);
    expect(text).toContain(`✅ \`${rapid}\``);
    expect(text).toContain('✅ `F ji - boh`');
    expect(fallCentreLines.length).toBeGreaterThan(0);
    for (const line of fallCentreLines) expect(text).toContain(line);
    expect(text).toContain('Winter 1 adjustment');

    const why = await h.fake.slash(playerOf('Wei'), CHANNEL, 'why', { province: rapidEnd });
    expect(why.text).toContain(rapid);
  });

  it('Winter 1: only Qi builds, and autocomplete offers army builds only (no fleet builds)', async () => {
    const offered = await suggest('Qi', '');
    expect(offered).toContain('A lin B');
    expect(
      offered.filter((o) => /^F /.test(o)),
      'fleet builds offered',
    ).toEqual([]);
    // Only vacant centres: the fleet now in the captured centre and the armies at home block those.
    expect(offered).not.toContain(`A ${rapidEnd} B`);
    expect(offered).not.toContain('A jia B');

    const refused = await h.fake.slash(playerOf('Yan'), CHANNEL, 'ready');
    expect(refused.text).toContain('nothing to decide');
    const fleetBuild = await h.fake.slash(playerOf('Qi'), CHANNEL, 'order', { orders: 'F lin B' });
    expect(fleetBuild.text).toContain('❌');
    await submit({ Qi: [same('A lin B')] });
    const ready = await h.fake.slash(playerOf('Qi'), CHANNEL, 'ready');
    expect(ready.text).toContain('Qi is ready');
    const results = await waitForResults('Winter 1 adjustment');
    await expectResultsPost(h, results);
    expect(textOf(results)).toContain('✅ `A lin B`');
    expect(textOf(results)).toContain('Spring 2 movement');
  });

  it('Spring 2: the fleets stand where they went, and a fleet at sea is offered river paths but no convoy', async () => {
    const qi = await h.fake.slash(playerOf('Qi'), CHANNEL, 'orders show');
    expect(qi.text).toContain('Spring 2 movement');
    expect(qi.text).toContain(`F ${rapidEnd}`);
    expect(qi.text).toContain('A lin');

    // Yan's fleet in Bo Hai next to its army in Yuyang: a convoy would be writable if the variant allowed convoys
    // (the engine with `convoys: true` lists one), but Warring States has none (seed Fleets 3).
    const phase = h.database.sqlite
      .prepare(`SELECT position FROM phases WHERE season = 'spring' AND year = 2`)
      .get() as { position: string };
    const position = JSON.parse(phase.position) as Position;
    const withConvoys: Variant = { ...variant, rules: { ...variant.rules, convoys: true } };
    const convoys = legalOrders(withConvoys, position, 'Yan')
      .flatMap((u) => u.orders)
      .filter((o) => / C /.test(o));
    expect(convoys).toContain('F boh C A yuy - lin');
    const offered = await suggest('Yan', 'F boh');
    expect(offered).toEqual(expect.arrayContaining(['F boh H', 'F boh - ji', 'F boh S A yuy']));
    expect(offered.filter((o) => / C /.test(o))).toEqual([]);
    // From the sea up the Yellow River (seed RRM 1: "The move can start or end on a sea space").
    expect(await suggest('Yan', 'F boh - l')).toEqual(expect.arrayContaining(['F boh - lin', 'F boh - lin - diq']));
    expect((await suggest('Yan', 'F boh C')).filter((o) => / C /.test(o))).toEqual([]);
  });

  it('Spring 2: a convoy written anyway is refused at once with the reason (seed Fleets 5), the rest is stored', async () => {
    const player = playerOf('Yan');
    const reply = await h.fake.slash(player, CHANNEL, 'order', { orders: 'F boh C A yuy - lin; A yuy H' });
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toMatch(/❌.*F boh C A yuy - lin|F boh C A yuy - lin.*no convoys/s);
    expect(reply.text).toContain('no convoys');
    expect(reply.text).toContain('`A yuy H`');
    const advanced = await slashConfirmed(h, 'gm', CHANNEL, 'gm advance');
    expect(advanced.text).toContain('Spring 2 movement');
    const results = await waitForResults('Spring 2 movement');
    await expectResultsPost(h, results);
    const text = textOf(results);
    expect(text).not.toContain('F boh C A yuy - lin');
    expect(text).toContain('Fall 2 movement');
  });

  it('never answered with an unexpected error', () => {
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
