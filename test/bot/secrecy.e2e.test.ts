/**
 * Hidden identities beside public facts (docs/bot.md "Hidden identities"), end to end through the Discord stand-in.
 *
 * The whole-game scan: a gunboat game is played twice, the same orders, misses, exports, sandboxes, a player who
 * leaves and a substitute who claims, power by power — but in the second world England's and France's players swap
 * seats, and Austria is played by another member instead of the game master. Every member who is neither of them
 * (a player of another power, a member who plays nothing, the substitute) reads the same in both worlds until the
 * final post, or something they read pairs a member with a power: every post, DM, reply, file name and attachment's
 * text, autocomplete choice and public reply's author, `/server player` about everyone, `/game status`, the shared
 * sandbox, the muster (every player pressing **I'm here**), a spectator of England and the copies it receives, the
 * game master's pause (a master who plays is limited, so it must read alike), `/game list`. A pairing planted in both
 * worlds the same way (a text naming France's player) is caught, so the scan can fail. Then: the pinned status's timing, and a shared sandbox's file name from a user.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_EVERY_MS } from '../../src/game/outbox/marks.js';
import type { FakeAttachment } from '../support/fake-discord/model.js';
import { createHarness, joinSeats, slashConfirmed, waitForResults, type Harness } from './harness.js';

const HOUR = 3_600_000;
const GM = 'ottokar';
const USERS = [GM, 'anneliese', 'bartholomew', 'cordelia', 'desmond', 'evangeline', 'fitzgerald'];
/** Who reads the same in both worlds: Germany's player, a member who plays nothing, the substitute who claims France. */
const OBSERVERS = ['cordelia', 'desmond', 'fitzgerald'];

type Seats = Record<'England' | 'France' | 'Germany' | 'Austria', string>;
const WORLD_A: Seats = { England: 'anneliese', France: 'bartholomew', Germany: 'cordelia', Austria: GM };
const WORLD_B: Seats = { England: 'bartholomew', France: 'anneliese', Germany: 'cordelia', Austria: 'evangeline' };

interface World {
  h: Harness;
  seats: Seats;
  /** Deliveries and interactions before the final vote: the final post reveals the players. */
  deliveriesBefore: number;
  interactionsBefore: number;
}

/** A file's text as a member reads it: a picture by its bytes, anything else as text. */
function attachmentText(a: FakeAttachment): string {
  if (a.contentType.startsWith('image/'))
    return `${a.filename} ${a.description ?? ''} ${createHash('sha256').update(a.data).digest('hex')}`;
  return `${a.filename}\n${a.data.toString('utf8')}`;
}

/** The world's ids (members, channels, messages) as names, so the two worlds' texts compare. */
function normalizer(h: Harness): (text: string) => string {
  const names = new Map<string, string>();
  for (const u of [...h.fake.users, h.fake.botUser]) names.set(u.id, `@${u.username}`);
  for (const c of ['main']) names.set(h.fake.channel(c).id, `#${c}`);
  return (text) =>
    text
      .replace(/<@!?(\d{15,22})>/g, (_, id: string) => names.get(id) ?? '<@id>')
      .replace(/\d{15,22}/g, (id) => names.get(id) ?? '<id>')
      .replace(/<t:\d+(:[a-zA-Z])?>/g, '<t>')
      // the time left on a paused clock differs by the real time each world took
      .replace(/\b\d+[dhms](?: \d+[dhms])* left\b/g, '<duration> left')
      .replace(/game-\d+-/g, 'game-N-');
}

/** Everything `member` could read before the end of the world's game, one line each, in a stable order. */
function viewsOf(w: World, member: string): string[] {
  const norm = normalizer(w.h);
  const me = w.h.fake.user(member).id;
  const interactions = w.h.fake.interactions().slice(0, w.interactionsBefore);
  const authorOf = new Map(
    interactions.flatMap((i) => (i.originalMessageId ? [[i.originalMessageId, i] as const] : [])),
  );
  const seen = w.h.fake.deliveries
    .slice(0, w.deliveriesBefore)
    .filter((d) => d.audience.kind === 'channel' || d.audience.userId === me)
    .map((d) => {
      // Discord shows above a public reply who ran the command.
      const by = d.audience.kind === 'channel' ? authorOf.get(d.messageId) : undefined;
      const author = by ? `${w.h.fake.users.find((u) => u.id === by.userId)?.username} used /${by.command}: ` : '';
      // A private reply reads the same whether it was sent at once or after a deferral (a busy machine's timing).
      const via = d.audience.kind === 'user' && d.via === 'edit' ? 'interaction' : d.via;
      return norm(
        `${via} ${d.audience.kind}: ${author}${d.content}\n${JSON.stringify(d.embeds)}\n${d.attachments.map(attachmentText).join('\n')}`,
      );
    });
  const choices = interactions
    .filter((i) => i.userId === me && i.type === 4)
    .map((i) => norm(`choices /${i.command}: ${i.choices.map((c) => `${c.name}=${c.value}`).join(', ')}`));
  // How many times the status message was edited to the same text depends on how the outbox coalesced its edits:
  // each text it showed counts once.
  const edits = new Set(seen.filter((v) => v.startsWith('edit ')));
  return [...seen.filter((v) => !v.startsWith('edit ')), ...edits, ...choices].sort();
}

/** Views one world has and the other lacks, for each observer: each is a pairing of a member with a power. */
function pairings(a: World, b: World, plant?: (w: World) => string[], observers = OBSERVERS): string[] {
  const found: string[] = [];
  for (const member of observers) {
    const va = [...viewsOf(a, member), ...(plant?.(a) ?? [])];
    const vb = [...viewsOf(b, member), ...(plant?.(b) ?? [])];
    const inB = new Map<string, number>();
    for (const v of vb) inB.set(v, (inB.get(v) ?? 0) + 1);
    for (const v of va) {
      const n = inB.get(v) ?? 0;
      if (n > 0) inB.set(v, n - 1);
      else found.push(`${member} reads only in world A: ${v.slice(0, 300)}`);
    }
    for (const [v, n] of inB) if (n > 0) found.push(`${member} reads only in world B: ${v.slice(0, 300)}`);
  }
  return found;
}

/** Everyone looks everyone up on the server. */
async function lookEveryoneUp(h: Harness): Promise<void> {
  for (const observer of OBSERVERS)
    for (const user of USERS) await h.fake.slash(observer, 'main', 'server player', { user });
}

/**
 * The clock to the next mark, where the status shows the players' acts since the last one, and that edit out: so
 * each world's status edits come at the same points of the game (the outbox coalesces edits by timing otherwise).
 */
async function toNextMark(h: Harness): Promise<void> {
  await h.bot!.outbox.idle();
  h.clock.offset += PROGRESS_EVERY_MS - (h.clock.now() % PROGRESS_EVERY_MS) + 1000;
  h.bot!.outbox.kick();
  await h.bot!.outbox.idle();
}

/**
 * The muster, every player pressing **I'm here** power by power, until it ends at the next mark; and a member who
 * plays nothing asking to watch England, which its player allows (the spectator then gets the results by DM).
 */
async function musterAndWatch(h: Harness, seats: Seats): Promise<void> {
  const start = h.fake.channelMessages('main').find((m) => h.fake.buttons(m).some((b) => b.label === "I'm here"))!;
  for (const power of ['England', 'France', 'Germany', 'Austria'] as const)
    await h.fake.click(seats[power], start, { label: "I'm here" });
  await h.fake.slash('desmond', 'main', 'game status');
  await h.fake.slash('desmond', 'main', 'spectate', { power: 'England' });
  const request = await h.fake.waitForDm(seats.England, (m) => m.content.includes('asks to watch **England**'));
  await h.fake.click(seats.England, request, { label: 'Allow' });
  await toNextMark(h);
  await h.bot!.scheduler.sweep();
  await h.bot!.outbox.idle();
  await h.fake.waitForChannelMessage('main', (m) => m.content.includes('Muster over'));
  await h.fake.waitForDm('desmond', (m) => m.content.includes('you now watch **England**'));
}

/** The same game, power by power, with `seats` deciding who plays which power. */
async function playWorld(seats: Seats): Promise<World> {
  const h = await createHarness({ users: USERS, channels: ['main'] });
  await h.start();
  const p = (power: keyof Seats) => seats[power];
  await h.fake.slash(GM, 'main', 'game create', { variant: 'classic', movement: '1h', press: 'gunboat' });
  await h.bot!.outbox.idle();
  await h.fake.slash(GM, 'main', 'gm set', { setting: 'muster', value: '1h' });
  await h.bot!.outbox.idle();
  const powers = ['England', 'France', 'Germany', 'Austria'] as const;
  await joinSeats(h, 'main', Object.fromEntries(powers.map((power) => [p(power), power])));
  await h.fake.autocomplete('desmond', 'main', 'game join', { power: '' }, 'power');
  await h.fake.slash('desmond', 'main', 'game status');
  await h.fake.slash('desmond', 'main', 'game list');
  await lookEveryoneUp(h);
  await toNextMark(h);
  await h.fake.slash(GM, 'main', 'game start');
  await h.bot!.outbox.idle();
  await musterAndWatch(h, seats);
  // Spring 1901: England orders and is ready, Germany and Austria order, France gives nothing (a missed phase).
  await h.fake.slash(p('England'), 'main', 'order', { orders: 'F lon - nth; F edi - nwg; A lvp - yor' });
  await h.fake.slash(p('England'), 'main', 'ready');
  await h.fake.slash(p('Germany'), 'main', 'order', { orders: 'A ber - kie; A mun - ruh; F kie - den' });
  await h.fake.slash(p('Austria'), 'main', 'order', { orders: 'A vie - gal' });
  await h.bot!.outbox.idle();
  await h.fake.slash('desmond', 'main', 'game status');
  await toNextMark(h);
  h.clock.offset += HOUR;
  await h.bot!.scheduler.poke();
  await waitForResults(h, 'main', 'Spring 1901 movement');
  await h.bot!.outbox.idle();
  await lookEveryoneUp(h);
  // The game master pauses and resumes: whether they play may not show (world A: they play Austria).
  await h.fake.slash(GM, 'main', 'gm pause', { reason: 'a moment' });
  await h.bot!.outbox.idle();
  await h.fake.slash('desmond', 'main', 'game status');
  await h.fake.slash(GM, 'main', 'gm resume');
  await h.bot!.outbox.idle();
  // Fall 1901: France's player exports the running game, opens a sandbox from the file, orders France's fleet there
  // and tries to share it.
  const exported = (await h.fake.slash(p('France'), 'main', 'history export')).attachments[0]!;
  await h.fake.slash(p('France'), 'main', 'sandbox start', {
    file: { upload: true, filename: exported.filename, data: exported.data },
  });
  await h.fake.slash(p('France'), 'main', 'sandbox order', { orders: 'F bre - mao; A par - bur' });
  await h.fake.slash(p('France'), 'main', 'sandbox share');
  // France's player leaves; a member who played nothing claims the seat. The channel learns each at the next mark of
  // the clock, never right after the act (docs/decisions.md "Hidden identities").
  const shown = (text: string) => h.fake.channelMessages('main').some((m) => m.content.includes(text));
  await slashConfirmed(h, p('France'), 'main', 'game leave');
  await h.bot!.outbox.idle();
  expect(shown('Substitute wanted for France')).toBe(false);
  await toNextMark(h);
  const call = await h.fake.waitForChannelMessage('main', (m) => m.content.includes('Substitute wanted for France'));
  await h.fake.slash('desmond', 'main', 'game list');
  await h.fake.click('fitzgerald', call, { label: 'Claim' });
  await h.bot!.outbox.idle();
  expect(shown('A substitute took over **France**')).toBe(false);
  expect(h.fake.buttons(call).some((b) => b.label === 'Claim' && !b.disabled)).toBe(true);
  await toNextMark(h);
  await h.fake.waitForChannelMessage('main', (m) => m.content.includes('A substitute took over **France**'));
  expect(h.fake.buttons(call).every((b) => b.label === 'Taken' && b.disabled)).toBe(true);
  await h.fake.slash('desmond', 'main', 'game status');
  await lookEveryoneUp(h);
  await h.bot!.outbox.idle();
  const world: World = {
    h,
    seats,
    deliveriesBefore: h.fake.deliveries.length,
    interactionsBefore: h.fake.interactions().length,
  };
  // The end: a draw; the final post reveals who played whom.
  for (const user of [p('England'), p('Germany'), p('Austria'), 'fitzgerald']) await h.fake.slash(user, 'main', 'draw');
  await h.fake.waitForChannelMessage('main', (m) => m.content.startsWith('🏁 **Game over**'));
  await h.bot!.outbox.idle();
  return world;
}

describe('hidden identities: the whole gunboat game, played twice with two players swapped', () => {
  let a: World;
  let b: World;

  beforeAll(async () => {
    a = await playWorld(WORLD_A);
    b = await playWorld(WORLD_B);
  }, 180_000);

  afterAll(async () => {
    await a?.h.close();
    await b?.h.close();
  });

  it('the game was played in full: a miss in the results, records looked up, a refused share, a claim', () => {
    for (const w of [a, b]) {
      const main = w.h.fake.channelMessages('main');
      expect(main.some((m) => m.content.includes('⏰'))).toBe(true);
      expect(main.some((m) => m.content.includes('A substitute took over **France**'))).toBe(true);
      const share = w.h.fake.interactions().find((i) => i.command === 'sandbox share')!;
      expect(share.ephemeral).toBe(true);
      expect(share.text).toContain('hides who plays whom');
      expect(w.h.fake.interactions().filter((i) => i.command === 'server player')).toHaveLength(3 * 3 * USERS.length);
      // The table's features: a muster every player answered, a spectator of England, a pause, the listings.
      expect(main.some((m) => m.content.includes('**Muster over**: every player is here'))).toBe(true);
      expect(w.h.fake.dms('desmond').some((m) => m.content.startsWith('👁 Watching **England**'))).toBe(true);
      expect(main.some((m) => m.content.startsWith('⏸️ The game master paused the game'))).toBe(true);
      const lists = w.h.fake.interactions().filter((i) => i.command === 'game list');
      expect(lists.map((i) => /1 vacant seat/.test(i.text ?? ''))).toEqual([false, true]);
    }
    expect(viewsOf(a, 'desmond').length).toBeGreaterThan(30);
  });

  it('no member other than the two swapped sees anything that differs: no pairing of a member with a power', () => {
    expect(pairings(a, b)).toEqual([]);
  });

  it('a pairing planted in both worlds alike is found (the scan can fail)', () => {
    const planted = (w: World) => [`✅ France's orders are in (${w.seats.France})`];
    const found = pairings(a, b, planted);
    expect(found.length).toBeGreaterThan(0);
    expect(found.join('\n')).toContain("France's orders are in (bartholomew)");
  });

  it('once the game is over the record counts it for everyone, as the final post reveals', async () => {
    const over = a.h.fake.channelMessages('main').find((m) => m.content.startsWith('🏁 **Game over**'))!;
    // The standings name every holder of every power, in order: France's member who left, then the substitute.
    expect(over.content).toContain('**Final standings**');
    const france = over.content.split('\n').find((l) => l.startsWith('__France__')) ?? '';
    const id = (user: string) => a.h.fake.user(user).id;
    expect(france).toContain(`<@${id('bartholomew')}> (left in Fall 1901 movement; counted as a loss`);
    expect(france).toContain(`then <@${id('fitzgerald')}> (substitute from Fall 1901 movement`);
    const record = await a.h.fake.slash('desmond', 'main', 'server player', { user: 'bartholomew' });
    expect(record.text).toContain('Missed (no order at all): 1');
    expect(record.text).toContain('Seats vacated: 1');
    // The finished game's file holds every phase played, and says so.
    const exported = await a.h.fake.slash('desmond', 'main', 'history export');
    expect(exported.text).toContain('The game is over, so every phase played is in it.');
    expect(exported.text).not.toContain('under way');
  });
});

/**
 * An anonymous game in which, in one world only, France's player has just left (the channel learns it at the next
 * mark of the clock): right after, before the mark, the others ask to watch France, list the powers they may watch,
 * send press to France and to all, look at the status and the listing. What they read must be what they read when
 * nobody left (docs/bot.md "Hidden identities"). Then, in the world where France's seat fell vacant, the member who
 * claims it gets the press kept for France and the request to watch it.
 */
async function playLeaveWorld(leaves: boolean): Promise<World> {
  const h = await createHarness({ users: USERS, channels: ['main'] });
  await h.start();
  const seats: Seats = { England: 'anneliese', France: 'bartholomew', Germany: 'cordelia', Austria: 'evangeline' };
  await h.fake.slash(GM, 'main', 'game create', { variant: 'classic', movement: '1h', press: 'anonymous' });
  await h.bot!.outbox.idle();
  const powers = ['England', 'France', 'Germany', 'Austria'] as const;
  await joinSeats(h, 'main', Object.fromEntries(powers.map((power) => [seats[power], power])));
  await toNextMark(h);
  await h.fake.slash(GM, 'main', 'game start');
  await h.bot!.outbox.idle();
  await toNextMark(h);
  if (leaves) await slashConfirmed(h, seats.France, 'main', 'game leave');
  await h.bot!.outbox.idle();
  await h.fake.autocomplete('desmond', 'main', 'spectate', { power: '' }, 'power');
  await h.fake.slash('desmond', 'main', 'spectate', { power: 'France' });
  await h.fake.autocomplete('cordelia', 'main', 'press send', { to: '', text: '' }, 'to');
  await h.fake.slash('cordelia', 'main', 'press send', { to: 'France', text: 'Shall we split Belgium?' });
  await h.fake.slash('anneliese', 'main', 'press send', { to: 'all', text: 'Peace in our time' });
  await h.fake.slash('desmond', 'main', 'game status');
  await h.fake.slash('desmond', 'main', 'game list');
  await h.bot!.outbox.idle();
  return { h, seats, deliveriesBefore: h.fake.deliveries.length, interactionsBefore: h.fake.interactions().length };
}

describe('hidden identities: right after a leave, spectating and press read as if nobody left', () => {
  let left: World;
  let stayed: World;

  beforeAll(async () => {
    left = await playLeaveWorld(true);
    stayed = await playLeaveWorld(false);
  }, 120_000);

  afterAll(async () => {
    await left?.h.close();
    await stayed?.h.close();
  });

  it('every other member reads the same in both worlds until the mark', () => {
    expect(pairings(left, stayed, undefined, ['anneliese', 'cordelia', 'desmond'])).toEqual([]);
    expect(left.h.fake.interactions().some((i) => i.command === 'game leave')).toBe(true);
    for (const w of [left, stayed]) {
      const asked = w.h.fake.interactions().find((i) => i.command === 'spectate' && i.type !== 4)!;
      expect(asked.text).toContain('**France**');
      expect(viewsOf(w, 'cordelia').some((v) => v.includes('You sent to France'))).toBe(true);
    }
  });

  it('the member who takes the seat next gets the press kept for France and the request to watch it', async () => {
    const h = left.h;
    await toNextMark(h);
    const call = await h.fake.waitForChannelMessage('main', (m) => m.content.includes('Substitute wanted for France'));
    await h.fake.click('fitzgerald', call, { label: 'Claim' });
    await h.bot!.outbox.idle();
    const press = await h.fake.waitForDm('fitzgerald', (m) => m.content.includes('Shall we split Belgium?'));
    expect(press.content).toContain('**Press from Germany**');
    expect(press.content).not.toContain(h.fake.user('cordelia').id);
    await h.fake.waitForDm('fitzgerald', (m) => m.content.includes('Peace in our time'));
    const request = await h.fake.waitForDm('fitzgerald', (m) => m.content.includes('asks to watch **France**'));
    expect(request.content).not.toContain(h.fake.user('desmond').id);
    // The player who left reads none of it: it was sent to France after they left.
    expect(h.fake.dms('bartholomew').some((m) => m.content.includes('Shall we split Belgium?'))).toBe(false);
    await h.fake.click('fitzgerald', request, { label: 'Allow' });
    await toNextMark(h);
    await h.fake.waitForDm('desmond', (m) => m.content.includes('you now watch **France**'));
  });
});

describe('hidden identities: the pinned status and the time of a private act', () => {
  let h: Harness;
  const pinned = () => h.fake.channelMessages('main').find((m) => m.pinned && !m.deleted)!;

  beforeAll(async () => {
    h = await createHarness({ users: [GM, 'alice', 'bob', 'carol', 'watcher'], channels: ['main'] });
    await h.start();
    await h.fake.slash(GM, 'main', 'game create', { variant: 'classic', movement: '1h', press: 'anonymous' });
    await joinSeats(h, 'main', { alice: 'England', bob: 'France', carol: 'Germany' });
    await h.fake.slash(GM, 'main', 'game start');
    await h.bot!.outbox.idle();
    // Ten seconds past a mark of the clock (the joins' edit, held for it, goes out).
    h.clock.offset += PROGRESS_EVERY_MS - (h.clock.now() % PROGRESS_EVERY_MS) + 10_000;
    h.bot!.outbox.kick();
    await h.bot!.outbox.idle();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('a private /order or /ready edits no status at once; the next mark shows them all in one edit', async () => {
    const edits = pinned().history.length;
    const before = pinned().content;
    expect(before).toMatch(/England \(a player\) .* · ⏳ no orders/);
    await h.fake.slash('alice', 'main', 'order', { orders: 'F lon - nth' });
    const ready = await h.fake.slash('bob', 'main', 'ready');
    await h.fake.slash('carol', 'main', 'order', { orders: 'A ber - kie; A mun - ruh; F kie - den' });
    await h.bot!.outbox.idle();
    expect(pinned().history.length).toBe(edits);
    expect(pinned().content).toBe(before);
    // /ready neither names nor counts the powers it waits for: Germany's reply, with France ready, reads as France's
    // did with nobody ready (a count read at any moment would time another player's /ready). /game status shows no
    // one's progress between two marks.
    const second = await h.fake.slash('carol', 'main', 'ready');
    await h.fake.slash('carol', 'main', 'ready');
    // (France gave no order, so its reply adds the line that says what it still lacks: its own units only.)
    const [readyLine, missingLine] = ready.text.split('\n');
    expect(second.text.replace('Germany', 'X')).toBe(readyLine!.replace('France', 'X'));
    expect(missingLine).toBe(
      '⚠️ **Spring 1901 movement**: still without an order: F bre, A mar, A par. You can give orders with `/order` until the phase resolves.',
    );
    expect(ready.text).toContain("how many are ready shows only in the channel's pinned status message");
    expect(ready.text).toContain('resolves not at once but at the next five-minute mark of the clock');
    expect(ready.text).not.toMatch(/Waiting|England|Germany|\b[0-9]\b/);
    const status = await h.fake.slash('watcher', 'main', 'game status');
    expect(status.text).not.toMatch(/✅|✏️|⏳|🟢/);
    // The mark: one edit with every act since the last one; readiness counted, never shown per power.
    h.clock.offset += PROGRESS_EVERY_MS;
    h.bot!.outbox.kick();
    await expect.poll(() => pinned().history.length, { timeout: 10_000 }).toBe(edits + 1);
    await h.bot!.outbox.idle();
    expect(pinned().history.length).toBe(edits + 1);
    const after = pinned().content;
    expect(after).toMatch(/England \(a player\) .* · ✏️ some orders/);
    expect(after).toMatch(/Germany \(a player\) .* · ✅ orders in/);
    expect(after).toContain('🟢 Ready: 1 of 3.');
    expect(after).not.toContain('· 🟢 ready');
  });
});

describe('/gm seats: the game master alone reads who plays whom', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: [GM, 'alice', 'bob'], channels: ['main'] });
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it("answers the game master privately, naming each power's player; refuses anyone else", async () => {
    const created = await h.fake.slash(GM, 'main', 'game create', { variant: 'classic', press: 'gunboat' });
    expect(created.text).toContain('you see it with `/gm seats`');
    // Before the start there is no board yet: no line counts centres or units (never "0 centres").
    const early = await h.fake.slash(GM, 'main', 'gm seats');
    expect(early.text).toContain('**Italy**: nobody\n');
    expect(early.text).not.toMatch(/centre|unit/);
    await joinSeats(h, 'main', { alice: 'England', bob: 'France' });
    await h.fake.slash(GM, 'main', 'game start');
    const seats = await h.fake.slash(GM, 'main', 'gm seats');
    expect(seats.ephemeral).toBe(true);
    expect(seats.text).toContain(`**England**: <@${h.fake.user('alice').id}> since <t:`);
    expect(seats.text).toContain(`**France**: <@${h.fake.user('bob').id}> since <t:`);
    expect(seats.text).toContain('**Italy**: nobody · 3 centres, 3 units');
    expect(seats.text).toContain('Only you see this');
    const refused = await h.fake.slash('alice', 'main', 'gm seats');
    expect(refused.ephemeral).toBe(true);
    expect(refused.text).toContain('Only the game master can use `/gm` commands.');
    await h.bot!.outbox.idle();
    for (const m of h.fake.channelMessages('main')) expect(m.content).not.toContain(`<@${h.fake.user('alice').id}>`);
  });
});

describe('a shared sandbox names its file as the user wrote it, and nothing in the name acts', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: [GM, 'alice', 'bob'], channels: ['main'] });
    await h.start();
    await h.fake.slash(GM, 'main', 'game create', { variant: 'classic', movement: '1h' });
    await joinSeats(h, 'main', { alice: 'England', bob: 'France' });
    await h.fake.slash(GM, 'main', 'game start');
    h.clock.offset += HOUR + 1000;
    await h.bot!.scheduler.poke();
    await waitForResults(h, 'main', 'Spring 1901 movement');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('escapes Markdown, a mention and a masked link in the file name', async () => {
    const exported = (await h.fake.slash('alice', 'main', 'history export')).attachments[0]!;
    const name = `**loud** <@${h.fake.user('bob').id}> [here](https://example.com) ||x||.json`;
    await h.fake.slash('alice', 'main', 'sandbox start', {
      file: { upload: true, filename: name, data: exported.data },
    });
    const share = await h.fake.slash('alice', 'main', 'sandbox share');
    expect(share.ephemeral).toBe(false);
    const post = h.fake.replyMessage(share);
    const id = h.fake.user('bob').id;
    expect(post.content).toContain(
      `copied from \\*\\*loud\\*\\* \\<\\@${id}\\> \\[here\\](https://example.com) \\|\\|x\\|\\|.json · F1901M`,
    );
    expect(post.content).not.toContain('**loud**');
    expect(h.fake.pings(post).users).toEqual([]);
  });
});

describe('hidden identities: a spectator allowed to see the orders learns them at the next mark', () => {
  let h: Harness;
  const copies = () => h.fake.dms('watcher').filter((m) => m.content.includes('The orders of England'));

  beforeAll(async () => {
    h = await createHarness({ users: [GM, 'alice', 'bob', 'watcher'], channels: ['main'] });
    await h.start();
    await h.fake.slash(GM, 'main', 'game create', { variant: 'classic', movement: '1h', press: 'gunboat' });
    await joinSeats(h, 'main', { alice: 'England', bob: 'France' });
    await h.fake.slash(GM, 'main', 'game start');
    await h.fake.slash('watcher', 'main', 'spectate', { power: 'England' });
    const request = await h.fake.waitForDm('alice', (m) => m.content.includes('asks to watch **England**'));
    await h.fake.click('alice', request, { label: 'Allow with orders' });
    await toNextMark(h);
    await h.fake.waitForDm('watcher', (m) => m.content.includes('you now watch **England**'));
    // Ten seconds past a mark: the next one is almost five minutes away.
    h.clock.offset += PROGRESS_EVERY_MS - (h.clock.now() % PROGRESS_EVERY_MS) + 10_000;
  });

  afterAll(async () => {
    await h?.close();
  });

  it("England's orders reach its player at once and the spectator only at the mark, the newest set", async () => {
    await h.fake.slash('alice', 'main', 'order', { orders: 'F lon - nth' });
    await h.fake.waitForDm('alice', (m) => m.content.includes('Your orders for England'));
    await h.bot!.outbox.idle();
    // At once, the copy would tell the spectator when England's player acted (docs/table.md "Spectators").
    expect(copies()).toEqual([]);
    h.clock.offset += 60_000;
    await h.fake.slash('alice', 'main', 'order', { orders: 'F edi - nwg' });
    await h.bot!.outbox.idle();
    expect(copies()).toEqual([]);
    await toNextMark(h);
    await expect.poll(() => copies().length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(copies().at(-1)!.content).toContain('`F edi - nwg`');
    expect(copies().at(-1)!.content).toMatch(/^👁 Watching \*\*England\*\*/);
  });
});
