/**
 * The table's rules as an outside check drives them (docs/table.md; the names are the contract's): through the
 * Discord stand-in only, by the commands, options, settings and buttons the contract names, with the clock moved as a
 * harness moves it, asserting on what each member receives (and, for fog and gunboat, what they must not).
 *
 * - deadlines by the clock in two zones (Paris on a weekday rule, New York every day), each across its own
 *   daylight-saving change in the autumn;
 * - a playing game master's `pause-limit` that lapses by itself; a `/game pause-vote` that pauses, resumes and lapses;
 * - `/game create muster:` with one seat never confirmed, then `/game list` showing that vacant seat (and no game of a
 *   channel the caller cannot see);
 * - a spectator allowed then stopped in a `fog:on` game, where each player's results and maps show only their view;
 *   a `press:gunboat` request and answer naming nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMapRenderer } from '../../src/bot/maps.js';
import type { Position } from '../../src/engine/types.js';
import { createLogger } from '../../src/log.js';
import type { RenderOptions } from '../../src/render/index.js';
import type { FakeMessage } from '../support/fake-discord/index.js';
import type { FakeAttachment } from '../support/fake-discord/model.js';
import { createHarness, digestPng, joinSeats, waitForResults, type Harness } from './harness.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The instants a text shows as Discord timestamps (`<t:seconds:f>`), in milliseconds. */
const stamps = (text: string) => [...text.matchAll(/<t:(\d+):f>/g)].map((m) => Number(m[1]) * 1000);
const at = (iso: string) => Date.parse(iso);

/** Moves the bot's clock to `iso` (forward only) and lets the scheduler and the outbox act on it. */
async function moveTo(h: Harness, iso: string): Promise<void> {
  h.clock.offset = at(iso) - Date.now();
  if (!h.bot) return;
  await h.bot.scheduler.poke();
  await h.bot.scheduler.sweep();
  await h.bot.outbox.idle();
}

/** Moves the bot's clock on by `ms`, then sweeps (twice: the one timer, and a second process's) and delivers. */
async function moveBy(h: Harness, ms: number): Promise<void> {
  h.clock.offset += ms;
  await h.bot!.scheduler.poke();
  await Promise.all([h.bot!.scheduler.sweep(), h.bot!.scheduler.sweep()]);
  await h.bot!.outbox.idle();
}

describe('deadlines by the clock: two zones, a weekday rule, both across daylight saving', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'pia', 'nat'], channels: ['paris', 'ny'] });
    await moveTo(h, '2026-10-23T11:30:00Z'); // Friday: 13:30 CEST in Paris, 07:30 EDT in New York
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('Paris, 21:00 on mon,wed,fri: the start’s deadline is Monday after the fall-back, in winter time', async () => {
    const created = await h.fake.slash('gm', 'paris', 'game create', {
      variant: 'classic',
      'deadline-at': '21:00',
      timezone: 'Europe/Paris',
    });
    expect(created.text).toContain('21:00 Europe/Paris');
    const days = await h.fake.slash('gm', 'paris', 'gm set', { setting: 'days', value: 'mon,wed,fri' });
    expect(days.text).toContain('21:00 Europe/Paris, Mon, Wed, Fri');
    await h.fake.slash('pia', 'paris', 'game join', { power: 'France' });
    await h.fake.slash('gm', 'paris', 'game start');
    // Opened Friday 13:30 CEST; at least 12 h later is Saturday: Monday 26 October, 21:00 CET (20:00Z, not 19:00Z).
    const status = await h.fake.slash('pia', 'paris', 'game status');
    expect(stamps(status.text)).toEqual([at('2026-10-26T20:00:00Z')]);
    expect(status.text).toContain('21:00 Europe/Paris, Mon, Wed, Fri');
    const start = await h.fake.waitForChannelMessage('paris', (m) => m.content.includes('has started'));
    expect(start.content).toContain('21:00 Europe/Paris, Mon, Wed, Fri');
    // The pinned status, once its edits are delivered, reads the same rule and deadline.
    await h.bot!.outbox.idle();
    const pinned = h.fake.channelMessages('paris').find((m) => m.content.startsWith('**Classic Diplomacy** · game'))!;
    expect(pinned.content).toContain('21:00 Europe/Paris, Mon, Wed, Fri');
    expect(stamps(pinned.content)).toEqual([at('2026-10-26T20:00:00Z')]);
  });

  it('Paris: the next phase, opened on Monday night, ends on Wednesday at 21:00 (Tuesday is no deadline day)', async () => {
    await moveTo(h, '2026-10-26T20:00:05Z');
    const results = await waitForResults(h, 'paris', 'Spring 1901 movement');
    expect(stamps(results.content)).toEqual([at('2026-10-28T20:00:00Z')]);
    const status = await h.fake.slash('pia', 'paris', 'game status');
    expect(stamps(status.text)).toEqual([at('2026-10-28T20:00:00Z')]);
  });

  it('New York, 20:00 every day: 20:00 EDT before the fall-back, 20:00 EST after it', async () => {
    await moveTo(h, '2026-10-31T11:30:00Z'); // Saturday 07:30 EDT
    await h.fake.slash('gm', 'ny', 'game create', {
      variant: 'classic',
      'deadline-at': '20:00',
      timezone: 'America/New_York',
    });
    await h.fake.slash('nat', 'ny', 'game join', { power: 'England' });
    await h.fake.slash('gm', 'ny', 'game start');
    const first = await h.fake.slash('nat', 'ny', 'game status');
    expect(stamps(first.text)).toEqual([at('2026-11-01T00:00:00Z')]); // Saturday 20:00 EDT
    expect(first.text).toContain('20:00 America/New_York, every day');
    await moveTo(h, '2026-11-01T00:00:05Z');
    const results = await waitForResults(h, 'ny', 'Spring 1901 movement');
    // Opened Saturday 20:00 EDT; 12 h later is Sunday morning, after the clocks went back: Sunday 20:00 EST.
    expect(stamps(results.content)).toEqual([at('2026-11-02T01:00:00Z')]);
    const after = await h.fake.slash('nat', 'ny', 'game status');
    expect(stamps(after.text)).toEqual([at('2026-11-02T01:00:00Z')]);
  });
});

describe('pauses: a limit that lapses, a vote that pauses and one that lapses', () => {
  let h: Harness;
  const said = (channel: string, start: string) =>
    h.fake.channelMessages(channel).filter((m) => m.content.startsWith(start));

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'gm2', 'ann', 'ben', 'cat'], channels: ['limit', 'vote'] });
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('a game master who plays pauses at most pause-limit; past it the game resumes by itself, the channel told', async () => {
    await h.fake.slash('gm', 'limit', 'game create', { variant: 'classic', movement: '3d' });
    await h.fake.slash('gm', 'limit', 'game join', { power: 'France' });
    await h.fake.slash('ann', 'limit', 'game join', { power: 'Germany' });
    const set = await h.fake.slash('gm', 'limit', 'gm set', { setting: 'pause-limit', value: '2h' });
    expect(set.text).toContain('`pause-limit`');
    await h.fake.slash('gm', 'limit', 'game start');
    const paused = await h.fake.slash('gm', 'limit', 'gm pause', { reason: 'travelling' });
    expect(paused.ephemeral).toBe(true);
    const notice = await h.fake.waitForChannelMessage('limit', (m) => m.content.startsWith('⏸️'));
    expect(notice.content).toContain('“travelling”');
    expect(notice.content).toMatch(/resumes by itself <t:\d+:R>/);
    expect((await h.fake.slash('ann', 'limit', 'game status')).text).toMatch(/Paused by the game master/);
    // An hour and 59 minutes: still paused.
    await moveBy(h, 2 * HOUR - MINUTE);
    expect((await h.fake.slash('ann', 'limit', 'game status')).text).toMatch(/Paused by the game master/);
    await moveBy(h, 2 * MINUTE);
    const lapse = await h.fake.waitForChannelMessage('limit', (m) => m.content.startsWith('▶️ The pause has run out'));
    expect(lapse.content).toContain('at most 2h in all');
    expect((await h.fake.slash('ann', 'limit', 'game status')).text).not.toMatch(/Paused/);
    await moveBy(h, MINUTE);
    expect(said('limit', '▶️ The pause has run out')).toHaveLength(1);
    const spent = await h.fake.slash('gm', 'limit', 'gm pause');
    expect(spent.text).toMatch(/^⚠️.*at most 2h in all, and that time is spent/);
    expect((await h.fake.slash('ann', 'limit', 'game status')).text).not.toMatch(/Paused/);
  });

  it('/game pause-vote: secret, pauses when every surviving player voted, and a proposal lapses after 24 h, said', async () => {
    await h.fake.slash('gm2', 'vote', 'game create', { variant: 'classic', movement: '3d' });
    await h.fake.slash('ben', 'vote', 'game join', { power: 'Italy' });
    await h.fake.slash('cat', 'vote', 'game join', { power: 'Austria' });
    await h.fake.slash('gm2', 'vote', 'game start');
    const proposed = await h.fake.slash('ben', 'vote', 'game pause-vote');
    expect(proposed.ephemeral).toBe(true);
    const post = await h.fake.waitForChannelMessage('vote', (m) => m.content.startsWith('🗳️ A pause has been proposed'));
    // Secret like a draw: the channel learns neither who nor which power proposed it.
    expect(post.content).not.toMatch(/<@\d+>|Italy|Austria/);
    expect((await h.fake.slash('cat', 'vote', 'game status')).text).not.toMatch(/Paused/);
    await h.fake.slash('cat', 'vote', 'game pause-vote');
    const paused = await h.fake.waitForChannelMessage('vote', (m) => m.content.startsWith('⏸️ Every surviving player'));
    expect(paused.content).not.toMatch(/<@\d+>|Italy|Austria/);
    expect((await h.fake.slash('gm2', 'vote', 'game status')).text).toContain("Paused by the players' vote");
    // Any player's vote ends a vote pause.
    await h.fake.slash('ben', 'vote', 'game pause-vote');
    await h.fake.waitForChannelMessage('vote', (m) => m.content.startsWith('▶️ A player ended the pause'));
    expect((await h.fake.slash('cat', 'vote', 'game status')).text).not.toMatch(/Paused/);

    // A new proposal only one player supports lapses after 24 h, and the channel is told once.
    await h.fake.slash('cat', 'vote', 'game pause-vote');
    await moveBy(h, 23 * HOUR);
    expect(said('vote', '⌛ The pause proposal has lapsed')).toHaveLength(0);
    await moveBy(h, HOUR + MINUTE);
    const lapsed = await h.fake.waitForChannelMessage('vote', (m) => m.content.startsWith('⌛ The pause proposal'));
    expect(lapsed.content).not.toMatch(/<@\d+>|Italy|Austria/);
    await moveBy(h, HOUR);
    expect(said('vote', '⌛ The pause proposal has lapsed')).toHaveLength(1);
    expect((await h.fake.slash('cat', 'vote', 'game status')).text).not.toMatch(/Paused/);
    // The lapsed vote no longer stands: ben's vote now opens a proposal of its own.
    expect((await h.fake.slash('ben', 'vote', 'game pause-vote')).text).toContain('proposes a pause');
  });
});

describe('mustering with an unconfirmed seat, then /game list', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({
      users: ['gm', 'dan', 'eve', 'fay', 'gus'],
      channels: ['muster', 'lobby', 'staff'],
    });
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('a seat not confirmed within muster: becomes vacant with a substitute call; its player is told', async () => {
    const created = await h.fake.slash('gm', 'muster', 'game create', {
      variant: 'classic',
      movement: '1d',
      muster: '1h',
      'deadline-at': '18:00',
      timezone: 'Asia/Shanghai',
    });
    // The reply names the button as it is labelled (the contract's **I'm here**), as does `/gm set`'s list.
    expect(created.text).toContain("every player has 1h to press **I'm here**");
    const settings = await h.fake.autocomplete('gm', 'muster', 'gm set', { setting: 'mus' }, 'setting');
    expect(settings.map((c) => c.name)).toEqual(["muster — how long players have to press I'm here"]);
    await h.fake.slash('dan', 'muster', 'game join', { power: 'Russia' });
    await h.fake.slash('eve', 'muster', 'game join', { power: 'Turkey' });
    await h.fake.slash('gm', 'muster', 'game start');
    // The start post (its last part) carries the button, found by its label as a member finds it.
    const start = await h.fake.waitForChannelMessage('muster', (m) =>
      h.fake.buttons(m).some((b) => b.label === "I'm here"),
    );
    expect(start.content).toMatch(/I'm here/);
    const here = await h.fake.click('dan', start, { label: "I'm here" });
    expect(here.ephemeral).toBe(true);
    expect(here.text).toContain('**Russia**');
    const outsider = await h.fake.click('fay', start, { label: "I'm here" });
    expect(outsider.text).toContain('you play no power in this game');
    expect((await h.fake.slash('fay', 'muster', 'game status')).text).toMatch(
      /waiting for \*\*I'm here\*\* from Turkey/,
    );

    await moveBy(h, HOUR + 1000);
    const over = await h.fake.waitForChannelMessage('muster', (m) => m.content.includes('Muster over'));
    expect(over.content).toContain('Turkey');
    expect(over.content).not.toContain('Russia');
    const call = await h.fake.waitForChannelMessage('muster', (m) =>
      m.content.includes('Substitute wanted for Turkey'),
    );
    expect(h.fake.buttons(call).map((b) => b.label)).toEqual(['Claim']);
    await h.fake.waitForDm('eve', (m) => m.content.includes("You did not press **I'm here**"));
    expect(h.fake.dms('dan').filter((m) => m.content.includes("You did not press **I'm here**"))).toEqual([]);
    await moveBy(h, MINUTE);
    expect(h.fake.channelMessages('muster').filter((m) => m.content.includes('Substitute wanted for'))).toHaveLength(1);
    expect(h.fake.buttons(start).map((b) => [b.label, b.disabled])).toEqual([['Muster over', true]]);
  });

  it('/game list shows that vacant seat with the clock, the channel, and nothing a caller could not see', async () => {
    await h.fake.slash('gus', 'lobby', 'game create', { variant: 'classic', movement: '2d' });
    // A forming game in a channel fay cannot see.
    h.fake.state.hideFrom(h.fake.channel('staff').id, h.fake.user('fay').id);
    await h.fake.slash('gm', 'staff', 'game create', { variant: 'classic' });
    await h.bot!.outbox.idle();
    const list = await h.fake.slash('fay', 'lobby', 'game list');
    expect(list.ephemeral).toBe(true);
    const lines = list.text.split('\n');
    const muster = lines.find((l) => l.includes(`<#${h.fake.channel('muster').id}>`))!;
    expect(muster).toContain('**Classic Diplomacy**');
    expect(muster).toContain('1 vacant seat');
    expect(muster).toContain('18:00 Asia/Shanghai');
    const lobby = lines.find((l) => l.includes(`<#${h.fake.channel('lobby').id}>`))!;
    expect(lobby).toContain('7 powers of 7 free');
    expect(lobby).toContain('phases 2d');
    expect(list.text).not.toContain(h.fake.channel('staff').id);
    expect((await h.fake.slash('gm', 'lobby', 'game list')).text).toContain(`<#${h.fake.channel('staff').id}>`);
  });
});

/** A picture the bot drew, by its bytes: the harness's stand-in PNG is a digest of what it was drawn from. */
function viewMaps() {
  const drawn = new Map<string, { position: Position; opts: RenderOptions }>();
  const maps = createMapRenderer(createLogger('silent'), {
    skipPrepare: true,
    renderPng: async (variant, position, opts) => {
      const png = digestPng([variant.id, position, opts]);
      drawn.set(png.toString('hex'), { position, opts });
      return { png, warnings: [] };
    },
  });
  const of = (a: FakeAttachment) => {
    const found = drawn.get(a.data.toString('hex'));
    if (!found) throw new Error(`no drawing recorded for ${a.filename}`);
    return found;
  };
  return { maps, of };
}

/** The powers a picture shows units or centres of. */
function powersDrawn(position: Position): Set<string> {
  const centres = Object.entries(position.supplyCenters)
    .filter(([, owned]) => owned.length > 0)
    .map(([power]) => power);
  return new Set([...position.units.map((u) => u.power), ...centres]);
}

describe('spectators and fog of war', () => {
  let h: Harness;
  const seen = viewMaps();
  const pictures = (messages: FakeMessage[]) =>
    messages.flatMap((m) => m.attachments.filter((a) => a.contentType === 'image/png'));
  /** England's corner and Turkey's, by unit, province and power names: neither is in sight of the other. */
  const ENGLISH =
    /\b(?:lon|edi|lvp|nth|nwg|yor|London|Edinburgh|Liverpool|North Sea|Norwegian Sea|Yorkshire|England)\b/;
  const TURKISH = /\b(?:ank|con|smy|bla|bul|arm|Ankara|Constantinople|Smyrna|Black Sea|Bulgaria|Armenia|Turkey)\b/;

  beforeAll(async () => {
    h = await createHarness(
      { users: ['gm', 'ivy', 'jon', 'sam', 'kim', 'lee'], channels: ['fog', 'gunboat'] },
      { maps: seen.maps },
    );
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('fog:on: each player’s results and maps show only their power’s view; an allowed spectator gets it too', async () => {
    await h.fake.slash('gm', 'fog', 'game create', { variant: 'classic', movement: '1h', fog: 'on' });
    await h.fake.slash('ivy', 'fog', 'game join', { power: 'England' });
    await h.fake.slash('jon', 'fog', 'game join', { power: 'Turkey' });
    await h.fake.slash('gm', 'fog', 'game start');

    // A member who plays no power asks to watch England; its player answers Allow in the DM.
    const asked = await h.fake.slash('sam', 'fog', 'spectate', { power: 'England' });
    expect(asked.ephemeral).toBe(true);
    const request = await h.fake.waitForDm('ivy', (m) => h.fake.buttons(m).some((b) => b.label === 'Allow'));
    expect(request.content).toContain('asks to watch **England**');
    expect(h.fake.buttons(request).map((b) => b.label)).toEqual(expect.arrayContaining(['Allow', 'Deny']));
    await h.fake.click('ivy', request, { label: 'Allow' });
    await h.fake.waitForDm('sam', (m) => m.content.includes('you now watch **England**'));
    expect((await h.fake.slash('ivy', 'fog', 'game status')).text).toContain('1 spectator watches **England**');

    await h.fake.slash('ivy', 'fog', 'order', { orders: 'F lon - nth; F edi - nwg; A lvp - yor' });
    await h.fake.slash('jon', 'fog', 'order', { orders: 'F ank - bla; A con - bul; A smy - arm' });
    await h.bot!.outbox.idle();
    // England's orders are not the spectator's before the results.
    expect(h.fake.dms('sam').filter((m) => /nth|nwg|yor/.test(m.content))).toEqual([]);

    await moveBy(h, HOUR + 1000);
    const post = await waitForResults(h, 'fog', 'Spring 1901 movement');
    await h.bot!.outbox.idle();
    // The channel: the phase and who is in, no board and no picture.
    expect(post.attachments).toEqual([]);
    expect(h.fake.channelMessages('fog').flatMap((m) => m.attachments)).toEqual([]); // the start post's neither
    expect(post.content).not.toMatch(/\b(?:nth|nwg|yor|bla|bul|arm)\b/);

    const ivyView = h.fake.dms('ivy').find((m) => m.content.includes("**England**'s view"))!;
    expect(ivyView.content).toMatch(/nth|North Sea/);
    expect(ivyView.content).not.toMatch(TURKISH);
    const jonView = h.fake.dms('jon').find((m) => m.content.includes("**Turkey**'s view"))!;
    expect(jonView.content).toMatch(/bla|Black Sea/);
    expect(jonView.content).not.toMatch(ENGLISH);

    // Every picture each player received (the start's view, the results' two maps) and /map: their power's view only.
    const mapReply = async (user: string) => (await h.fake.slash(user, 'fog', 'map')).attachments;
    const england = [...pictures(h.fake.dms('ivy')), ...(await mapReply('ivy'))];
    const turkey = [...pictures(h.fake.dms('jon')), ...(await mapReply('jon'))];
    expect(england.length).toBeGreaterThanOrEqual(4);
    expect(turkey.length).toBeGreaterThanOrEqual(4);
    for (const picture of england) {
      const { position, opts } = seen.of(picture);
      expect(powersDrawn(position).has('Turkey'), picture.filename).toBe(false);
      expect(powersDrawn(position).has('England'), picture.filename).toBe(true);
      expect(opts.fog?.length, picture.filename).toBeGreaterThan(0);
    }
    for (const picture of turkey) {
      const { position } = seen.of(picture);
      expect(powersDrawn(position).has('England'), picture.filename).toBe(false);
      expect(powersDrawn(position).has('Turkey'), picture.filename).toBe(true);
    }
    // A member who plays nothing gets no board at all while the fog is up.
    expect((await h.fake.slash('kim', 'fog', 'map')).attachments).toEqual([]);

    // The spectator received England's view, its maps England's view too.
    const copy = h.fake
      .dms('sam')
      .find((m) => m.content.includes('Watching **England**') && m.content.includes("**England**'s view"))!;
    expect(copy.content).not.toMatch(TURKISH);
    const samPictures = pictures(h.fake.dms('sam'));
    expect(samPictures.length).toBeGreaterThan(0);
    for (const picture of samPictures) expect(powersDrawn(seen.of(picture).position).has('Turkey')).toBe(false);
  });

  it('/spectate stop by the player: the spectator is told, and receives nothing after', async () => {
    const stopped = await h.fake.slash('ivy', 'fog', 'spectate stop');
    expect(stopped.ephemeral).toBe(true);
    await h.fake.waitForDm('sam', (m) => m.content.includes('You no longer watch **England**'));
    expect((await h.fake.slash('ivy', 'fog', 'game status')).text).toContain('nobody watches **England**');
    const before = h.fake.dms('sam').length;
    await moveBy(h, HOUR + 1000);
    await waitForResults(h, 'fog', 'Fall 1901 movement');
    await h.bot!.outbox.idle();
    await h.fake.waitForDm('ivy', (m) => m.content.includes('Fall 1901') && m.content.includes("**England**'s view"));
    expect(h.fake.dms('sam')).toHaveLength(before);
  });

  it('press:gunboat: the request names no member to the player, the answer none to the spectator', async () => {
    await h.fake.slash('gm', 'gunboat', 'game create', { variant: 'classic', movement: '1d', press: 'gunboat' });
    // A gunboat game draws its powers at the start; the harness keeps the draw so that kim plays Germany.
    await joinSeats(h, 'gunboat', { kim: 'Germany' });
    await h.fake.slash('gm', 'gunboat', 'game start');
    await h.bot!.outbox.idle();
    const power = 'Germany';
    await h.fake.slash('lee', 'gunboat', 'spectate', { power });
    const request = await h.fake.waitForDm('kim', (m) => m.content.includes(`asks to watch **${power}**`));
    expect(request.content).not.toMatch(/<@\d+>/);
    expect(request.content).not.toContain('lee');
    await h.fake.click('kim', request, { label: 'Allow' });
    // The answer may wait for the next five-minute mark of the clock (docs/decisions.md "Hidden identities").
    await moveBy(h, 5 * MINUTE + 1000);
    h.bot!.outbox.kick();
    const told = await h.fake.waitForDm('lee', (m) => m.content.includes(`you now watch **${power}**`));
    expect(told.content).not.toMatch(/<@\d+>/);
    expect(told.content).not.toContain('kim');
    for (const m of h.fake.dms('lee')) expect(m.content).not.toContain(h.fake.user('kim').id);
    for (const m of h.fake.dms('kim')) expect(m.content).not.toContain(h.fake.user('lee').id);
  });
});
