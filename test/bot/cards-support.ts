/**
 * The card-game end-to-end privacy scan, shared by cards.e2e and cards-restart.e2e: every public delivery
 * (message, edit, embed, attachment name), every outbox payload (the image inputs) and every info log line since
 * the last scan is checked for card ids hidden at that moment (in a hand or the deck, never shown face up), and
 * every public delivery for the names of cards no copy of which was ever face up.
 */
import { expect } from 'vitest';
import { cardName, type CardGameState } from '../../src/cardgame/index.js';
import { englishWords } from '../support/english-left.js';
import { componentsOf, type FakeMessage, textOf } from '../support/fake-discord/index.js';
import type { Harness } from './harness.js';

export const CARD_ID = /\b(B\d\d|D\d\d|W\d)\b/g;

export function leaks(text: string, hidden: Set<string>): string[] {
  return [...text.matchAll(CARD_ID)].map((m) => m[1]!).filter((id) => hidden.has(id));
}

/**
 * Hidden cards as players read them ("Fire/Cavalry/Chariot", "Advisor/Spy"): a name is hidden while no copy of it
 * was ever face up (copies share a name, so a name once public says nothing). The 5 identical wilds are left to
 * the id scan: "Wild" is also a plain word of the rules.
 */
export function hiddenNames(hidden: ReadonlySet<string>, everPublic: ReadonlySet<string>): Set<string> {
  const shown = new Set([...everPublic].map(cardName));
  return new Set([...hidden].map(cardName).filter((n) => n.includes('/') && !shown.has(n)));
}

export function nameLeaks(text: string, names: ReadonlySet<string>): string[] {
  return [...names].filter((n) => new RegExp(`(^|[^A-Za-z/])${n.replace(/\//g, '\\/')}($|[^A-Za-z/])`).test(text));
}

export interface PrivacyScanner {
  scan(): Promise<void>;
  hiddenNow(): Set<string>;
  /** The names of the hidden cards no copy of which was ever face up (what `scan` looks for by name). */
  hiddenNamesNow(): Set<string>;
  /** Public deliveries scanned so far. */
  readonly deliveries: number;
}

/**
 * `publicFromEvents`: also count as public every card id in the stored public events (`card_events.events`).
 * Needed when several turns resolve between two scans (timeouts, away seats): a recruiting row shown in between
 * may already be in hands at the scan. The events themselves are checked for privacy in test/game/cards.
 */
export function cardPrivacyScanner(
  h: Harness,
  logs: string[],
  opts: { publicFromEvents?: boolean } = {},
): PrivacyScanner {
  const everPublic = new Set<string>();
  let scannedDeliveries = 0;
  let scannedLogs = 0;
  let scannedOutbox = 0;
  const state = () =>
    JSON.parse(
      (
        h.database.sqlite.prepare('select state from card_games order by game_id desc limit 1').get() as {
          state: string;
        }
      ).state,
    ) as CardGameState;
  function hiddenNow(): Set<string> {
    const s = state();
    if (opts.publicFromEvents)
      for (const e of h.database.sqlite.prepare('select events from card_events').all() as { events: string }[])
        for (const m of e.events.matchAll(CARD_ID)) everPublic.add(m[1]!);
    for (const c of [
      ...s.row,
      ...s.resistance,
      ...s.discard,
      ...s.battle.played.flat().flatMap((p) => ('card' in p ? [p.card] : [])),
    ])
      everPublic.add(c);
    return new Set([...s.deck, ...s.seats.flatMap((x) => x.hand)].filter((c) => !everPublic.has(c)));
  }
  return {
    hiddenNow,
    hiddenNamesNow: () => hiddenNames(hiddenNow(), everPublic),
    get deliveries() {
      return scannedDeliveries;
    },
    async scan() {
      await h.bot!.outbox.idle();
      const hidden = hiddenNow();
      const names = hiddenNames(hidden, everPublic);
      const deliveries = h.fake.publicDeliveries();
      for (const d of deliveries.slice(scannedDeliveries)) {
        const text = [textOf(d), ...d.attachments.map((a) => a.filename)].join('\n');
        expect(leaks(text, hidden), `public ${d.via}: ${text}`).toEqual([]);
        expect(nameLeaks(text, names), `public ${d.via}: ${text}`).toEqual([]);
      }
      scannedDeliveries = deliveries.length;
      const rows = h.database.sqlite
        .prepare('select id, payload from outbox where id > ? order by id')
        .all(scannedOutbox) as { id: number; payload: string }[];
      for (const r of rows) {
        expect(leaks(r.payload, hidden), `outbox payload ${r.id}`).toEqual([]);
        scannedOutbox = r.id;
      }
      for (const line of logs.slice(scannedLogs)) expect(leaks(line, hidden), `log line ${line}`).toEqual([]);
      scannedLogs = logs.length;
    },
  };
}

/** A select of the fall-back wizard as the stand-in shows it. */
export interface WizardMenu {
  customId: string;
  options: { label: string; value: string; default?: boolean }[];
  minValues: number;
  maxValues: number;
}

/**
 * What a player choosing by hand picks on a fall-back wizard screen (src/bot/cards/fallback.ts): the pre-selected
 * armies; the pre-selected cards with one swapped for another row card when there is one (so the recruit is the
 * player's, not the default); for each other superiority the first target it offers (not one that builds on an army
 * placed in the same menu). On a screen of one long question (two menus): the first option of the first menu.
 */
export function handPicks(menus: readonly WizardMenu[]): { id: string; values: string[] } {
  const first = menus[0]!;
  if (menus.length > 1) return { id: first.customId, values: [first.options[0]!.value] };
  const kind = (v: string) => v.split(/[:@]/)[0]!.replace(/2$/, '');
  const picked = first.options
    .filter((o) => o.default && ['armies', 'cards'].includes(kind(o.value)))
    .map((o) => o.value);
  const spare = first.options.find(
    (o) => kind(o.value) === 'cards' && o.value !== 'cards:draw' && !picked.includes(o.value),
  );
  const swap = picked.findIndex((v) => kind(v) === 'cards' && v !== 'cards:draw');
  if (spare && swap >= 0) picked[swap] = spare.value;
  // the strongholds an army placed in this menu may fill, read from the values (never the labels: every locale):
  // the empty ones, offered a second army when the armies outnumber them, else every one the armies question offers
  const at = (v: string) => Number(/^[a-z]+2?[:@](\d+)$/.exec(v)?.[1] ?? Number.NaN);
  const seconds = first.options.filter((o) => o.value.startsWith('armies2:')).map((o) => at(o.value));
  const placed = seconds.length
    ? seconds
    : first.options.filter((o) => kind(o.value) === 'armies').map((o) => at(o.value));
  const builds = (v: string) => /^(mountain:|wind@)/.test(v) && placed.includes(at(v));
  for (const k of ['forest', 'mountain', 'fire', 'wind']) {
    const o = first.options.find((x) => kind(x.value) === k && !builds(x.value));
    if (o) picked.push(o.value);
  }
  return { id: first.customId, values: picked };
}

/**
 * Words of the card game an English text would have (beside the common ones of `englishWords`), for the locale scans
 * of test/bot/locales-cards*.e2e.test.ts; the end of the game's among them ("unites China", "the most states").
 */
const CARD_ENGLISH = new Set(
  `battle card cards hand row recruiting deck discard supply states state round turn choose chooses chosen fell back
  claimed claim played nobody empty wage seats seat rules board lobby join leave start setup recruits dynasty
  deadline reminder tie break army armies stronghold strongholds default defaults preview recruit draw spy fire wind
  forest mountain already started only skip concede conceded extend duration channel unless cancel cancelled
  unites china emperor controls most share victory superiorities ends over left`
    .split(/\s+/)
    .filter(Boolean),
);

/** The English words of `text`: the common ones and the card game's. */
function english(text: string): string[] {
  const prose = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/<[@#][!&]?\d+>|<t:\d+(:[a-zA-Z])?>|<\/[\w -]+:\d+>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
  const own = (prose.match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase()).filter((w) => CARD_ENGLISH.has(w));
  return [...englishWords(text), ...own];
}

/** A message as its reader sees it: content, embeds, buttons, menus and their options (label and description). */
export function seen(m: FakeMessage): string {
  const parts = [m.content, ...m.embeds.flatMap((e) => [e.title ?? '', e.description ?? '', e.footer?.text ?? ''])];
  // A picture's alt text is read too (a screen reader reads it out).
  parts.push(...m.attachments.map((a) => a.description ?? ''));
  for (const row of componentsOf(m))
    for (const c of row.components) {
      if (c.type === 2) parts.push(c.label ?? '');
      if (c.type === 3) parts.push(...c.options.flatMap((o) => [o.label, o.description ?? '']));
    }
  return parts.join('\n');
}

/** The texts with English words left in them, each with those words. */
export function englishLeft(texts: readonly string[]): { text: string; words: string[] }[] {
  return texts.map((text) => ({ text, words: english(text) })).filter((x) => x.words.length > 0);
}
