/**
 * The play wizard (design §3.5), ephemeral and for the seat to act only:
 * 1. the bright (or wild) card: only legal ones, one option per card type ("×2" when the hand holds both
 *    copies), paged past 25;
 * 2. the second card: none, a legal dark card, or the dynasty card (Qi: which tactic to cover; Qin and Yan open
 *    one more select: the row card to take and the hand card to give, or the card to take back);
 * 3. the preview ("after this play you lead …; if you fell back now you would claim …") with Confirm, Back and
 *    Cancel. Every step is built from `legalWages`, so nothing illegal is ever offered; the confirm is checked
 *    again by the engine against the current table (see cards/actions.ts).
 */
import { apply, card, claimPreview, legalWages, type CardGameState, type CardId, type Seat, type Tactic } from '../../cardgame/index.js';
import type { ClaimLine } from '../../cardgame/counting.js';
import type { WageAction } from '../../cardgame/wage.js';
import { matchReference } from '../../cardgame/wage.js';
import { sideName, cardEmoji, cardLabel, cardType, dynastyLabel, groupByType, symbolEmoji, symbolLabel, title, DYNASTY_ABILITY } from './format.js';
import { buttonRow, pagedSelect, selectRow, vid, type Option, type TableRef, type View } from './ui.js';

// ---- the play as a short string (select values and the confirm button's custom id) ----

/** `bright.second.cover.take.give.takeBack`, trailing empties dropped; second is a dark id, `y` (dynasty) or empty. */
export function encodeWage(a: WageAction): string {
  const parts = [a.bright, a.dark ?? (a.dynasty ? 'y' : ''), a.cover ?? '', a.take ?? '', a.give ?? '', a.takeBack ?? ''];
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts.join('.');
}

export function decodeWage(seat: Seat, text: string): WageAction | null {
  const [bright, second = '', cover = '', take = '', give = '', takeBack = ''] = text.split('.');
  if (!bright) return null;
  const a: WageAction = { type: 'wage', seat, bright };
  if (second === 'y') a.dynasty = true;
  else if (second) a.dark = second;
  if (cover) a.cover = cover as Tactic;
  if (take) a.take = take;
  if (give) a.give = give;
  if (takeBack) a.takeBack = takeBack;
  return a;
}

const sameWage = (a: WageAction, b: WageAction) => encodeWage(a) === encodeWage(b);

// ---- step 1: the bright card ----

function matchNote(s: CardGameState, seat: Seat, bright: CardId, legal: WageAction[]): string {
  const ref = matchReference(s.battle.played[seat]!);
  const c = card(bright);
  const plain = legal.some((w) => w.bright === bright && !w.dynasty);
  if (!plain) return `only with your ${title(s.seats[seat]!.dynasty)} dynasty card (no match needed)`;
  if (ref === null) return 'your first card this round: any card';
  if (c.kind === 'wild') return 'a wild card may always be played';
  const r = card(ref);
  if (r.kind === 'wild') return 'follows your wild card: any card';
  const shared = c.symbols.filter((x) => r.symbols.includes(x));
  return `matches ${shared.map(title).join(', ')}`;
}

export function brightOptions(s: CardGameState, seat: Seat): Option[] {
  const legal = legalWages(s, seat);
  const brights = [...new Set(legal.map((w) => w.bright))];
  const inHand = s.seats[seat]!.hand;
  return groupByType(brights).map(([id]) => {
    const n = inHand.filter((h) => cardType(h) === cardType(id)).length;
    return { label: `${cardLabel(id)}${n > 1 ? ` ×${n}` : ''}`, value: id, description: matchNote(s, seat, id, legal) };
  });
}

export function brightStep(ref: TableRef, s: CardGameState, seat: Seat, page = 0): View {
  const options = brightOptions(s, seat);
  if (options.length === 0) {
    return {
      content: '⚔ You have no card you may play now, so you must fall back.',
      components: [buttonRow([{ id: vid(ref, 'fo'), label: 'Fall back', style: 'primary', emoji: '↩' }, { id: vid(ref, 'px'), label: 'Close' }])],
    };
  }
  const ref0 = matchReference(s.battle.played[seat]!);
  const { rows } = pagedSelect(options, page, { select: () => vid(ref, 'pb'), page: (p) => vid(ref, 'po', p) }, 'Choose your bright or wild card');
  rows.push(buttonRow([{ id: vid(ref, 'px'), label: 'Cancel' }]));
  const head = ref0 ? `Your latest bright card: ${cardLabel(ref0)}. The next must share a symbol with it (or be wild).` : 'Your first card this round may be any bright or wild card.';
  return { content: `⚔ **Wage battle — step 1 of 3: the bright card**\n${head}`, components: rows };
}

// ---- step 2: the second card ----

export interface SecondChoice {
  option: Option;
  /** The full play, or null when one more select follows (Qin, Yan). */
  play: WageAction | null;
}

export function secondChoices(s: CardGameState, seat: Seat, bright: CardId): SecondChoice[] {
  const legal = legalWages(s, seat).filter((w) => w.bright === bright);
  const me = s.seats[seat]!;
  const out: SecondChoice[] = [];
  const none = legal.find((w) => !w.dark && !w.dynasty);
  if (none) out.push({ option: { label: '— none —', value: 'none', description: 'play the bright card alone' }, play: none });
  const darks = legal.filter((w) => w.dark);
  for (const [dark] of groupByType(darks.map((w) => w.dark!))) {
    out.push({ option: { label: cardLabel(dark), value: dark, description: 'advisor card: adds its symbol' }, play: darks.find((w) => w.dark === dark)! });
  }
  const dyn = legal.filter((w) => w.dynasty);
  if (dyn.length === 0) return out;
  const name = `${dynastyLabel(me.dynasty)} dynasty card`;
  const ability = DYNASTY_ABILITY[me.dynasty];
  if (me.dynasty === 'qi') {
    for (const w of dyn) out.push({ option: { label: `${name}: cover ${symbolLabel(w.cover!)}`, value: `y.${w.cover}`, description: ability }, play: w });
  } else if (me.dynasty === 'qin' && dyn.some((w) => w.take)) {
    out.push({ option: { label: `${name}: take a row card, give one back`, value: 'yq', description: ability }, play: null });
  } else if (me.dynasty === 'yan') {
    out.push({ option: { label: `${name}: take a card back`, value: 'yy', description: ability }, play: null });
  } else {
    out.push({ option: { label: name, value: 'y', description: ability }, play: dyn[0]! });
  }
  return out;
}

export function secondStep(ref: TableRef, s: CardGameState, seat: Seat, bright: CardId): View {
  const choices = secondChoices(s, seat, bright);
  return {
    content: `⚔ **Wage battle — step 2 of 3: a second card?**\nBright card: ${cardLabel(bright)}. A dark card must share its symbol.`,
    components: [
      selectRow(vid(ref, 'ps', bright), 'Add a second card (or none)', choices.map((c) => c.option)),
      buttonRow([
        { id: vid(ref, 'po'), label: 'Back' },
        { id: vid(ref, 'px'), label: 'Cancel' },
      ]),
    ],
  };
}

/** Qin: the row card to take (`take` unset), then the hand card to give; Yan: the card to take back. */
export function dynastyStep(ref: TableRef, s: CardGameState, seat: Seat, bright: CardId, take?: CardId): View {
  const legal = legalWages(s, seat).filter((w) => w.bright === bright && w.dynasty);
  const back = buttonRow([
    { id: vid(ref, 'pk', bright), label: 'Back' },
    { id: vid(ref, 'px'), label: 'Cancel' },
  ]);
  const me = s.seats[seat]!;
  const label = (id: CardId) => ({ label: cardLabel(id), value: id });
  if (me.dynasty === 'yan') {
    const cards = groupByType(legal.map((w) => w.takeBack!)).map(([id]) => id);
    return {
      content: `⚔ **${dynastyLabel('yan')} dynasty card**: take back 1 card in front of you (the one you are playing included) to your hand.`,
      components: [selectRow(vid(ref, 'py', bright), 'The card to take back', cards.map(label)), back],
    };
  }
  if (take === undefined) {
    const cards = groupByType(legal.map((w) => w.take!)).map(([id]) => id);
    return {
      content: `⚔ **${dynastyLabel('qin')} dynasty card**: take 1 card from the recruiting row…`,
      components: [selectRow(vid(ref, 'pq', bright), 'The row card to take', cards.map(label)), back],
    };
  }
  const gives = groupByType(legal.filter((w) => w.take === take).map((w) => w.give!)).map(([id]) => id);
  return {
    content: `⚔ **${dynastyLabel('qin')} dynasty card**: you take ${cardLabel(take)}; now put 1 card from your hand into the row (it may be the same card).`,
    components: [selectRow(vid(ref, 'pg', bright, take), 'The hand card to give', gives.map(label)), back],
  };
}

/** The legal play with these choices, or null (the select offered nothing else, so null means a stale view). */
export function findWage(s: CardGameState, seat: Seat, want: Omit<WageAction, 'type' | 'seat'>): WageAction | null {
  const w: WageAction = { type: 'wage', seat, ...want };
  return legalWages(s, seat).find((x) => sameWage(x, w)) ?? null;
}

// ---- step 3: the preview ----

function leadWords(lines: ClaimLine[]): { lead: string[]; tied: string[]; behind: string[] } {
  const lead: string[] = [];
  const tied: string[] = [];
  const behind: string[] = [];
  for (const l of lines) {
    if (l.mine === 0) continue;
    const who = l.bestBy.map(sideName).join(' and ');
    const score = `${symbolEmoji(l.symbol)} ${l.mine}–${l.best}`;
    if (l.claimed) lead.push(score);
    else if (l.mine === l.best) tied.push(`${score} with ${who}`);
    else behind.push(`${score} behind ${who}`);
  }
  return { lead, tied, behind };
}

/** "You lead 🔥 1–0; 🛞 tied 2–2 with Yan. If you fell back now you would claim 🔥." */
export function leadsText(s: CardGameState, seat: Seat): string {
  const lines = claimPreview(s, seat);
  const { lead, tied, behind } = leadWords(lines);
  const parts: string[] = [];
  if (lead.length) parts.push(`you lead ${lead.join(', ')}`);
  if (tied.length) parts.push(`tied ${tied.join(', ')}`);
  if (behind.length) parts.push(`${behind.join(', ')}`);
  const claims = lines.filter((l) => l.claimed).map((l) => symbolEmoji(l.symbol));
  const head = parts.length ? `${title(parts.join('; '))}.` : 'No symbol in front of you yet.';
  return `${head} If you fell back now you would claim ${claims.length ? claims.join(' ') : 'nothing'}.`;
}

export function playWords(a: WageAction, s: CardGameState): string {
  const parts = [cardLabel(a.bright)];
  if (a.dark) parts.push(cardLabel(a.dark));
  if (a.dynasty) {
    const d = s.seats[a.seat]!.dynasty;
    let extra = '';
    if (a.cover) extra = ` covering ${symbolLabel(a.cover)}`;
    if (a.take) extra = ` taking ${cardEmoji(a.take)} from the row and giving ${cardEmoji(a.give!)}`;
    if (a.takeBack) extra = ` taking back ${cardEmoji(a.takeBack)}`;
    parts.push(`${dynastyLabel(d)} dynasty card${extra}`);
  }
  return parts.join(' + ');
}

export function previewStep(ref: TableRef, s: CardGameState, a: WageAction): View {
  const after = apply(s, a);
  if (!after.ok) return { content: `⚠️ ${after.error}`, components: [buttonRow([{ id: vid(ref, 'po'), label: 'Back' }])] };
  return {
    content: `⚔ **Wage battle — step 3 of 3: confirm**\nYou play ${playWords(a, s)}.\nAfter this play: ${leadsText(after.state, a.seat)}`,
    components: [
      buttonRow([
        { id: vid(ref, 'pc', encodeWage(a)), label: 'Confirm', style: 'success' },
        { id: vid(ref, 'po'), label: 'Back' },
        { id: vid(ref, 'px'), label: 'Cancel' },
      ]),
    ],
  };
}
