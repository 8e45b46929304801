/**
 * The play wizard (design §3.5), ephemeral and for the seat to act only. Two screens, so a play takes 2 clicks
 * after "Wage battle" (3 with a dark card):
 * 1. the bright (or wild) card: only legal ones, one option per card type ("×2" when the hand holds both
 *    copies), paged past 25; Back returns to the hand;
 * 2. the play with its preview ("after this play you lead …; if you fell back now you would claim …"), a select
 *    to add a second card (none, a legal dark card, or the dynasty card: Qi's covers; Qin and Yan open one more
 *    select), and Confirm, Back, Cancel. Every screen is built from `legalWages`, so nothing illegal is ever
 *    offered; the confirm is checked again by the engine against the current table.
 */
import {
  apply,
  card,
  claimPreview,
  legalWages,
  type CardGameState,
  type CardId,
  type Seat,
  type Tactic,
} from '../../cardgame/index.js';
import type { ClaimLine } from '../../cardgame/counting.js';
import { type WageAction, matchReference } from '../../cardgame/wage.js';
import {
  cardName,
  cardType,
  dynastyLabel,
  groupByType,
  sideName,
  symbolLabel,
  symbolName,
  title,
  DYNASTY_ABILITY,
} from './format.js';
import { buttonRow, pagedSelect, selectRow, vid, type Option, type TableRef, type View } from './ui.js';

// ---- the play as a short string (select values and the confirm button's custom id) ----

/** `bright.second.cover.take.give.takeBack`, trailing empties dropped; second is a dark id, `y` (dynasty) or empty. */
export function encodeWage(a: WageAction): string {
  const parts = [
    a.bright,
    a.dark ?? (a.dynasty ? 'y' : ''),
    a.cover ?? '',
    a.take ?? '',
    a.give ?? '',
    a.takeBack ?? '',
  ];
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

// ---- screen 1: the bright card ----

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
  return `matches ${shared.map(symbolName).join(', ')}`;
}

export function brightOptions(s: CardGameState, seat: Seat): Option[] {
  const legal = legalWages(s, seat);
  const brights = [...new Set(legal.map((w) => w.bright))];
  const inHand = s.seats[seat]!.hand;
  return groupByType(brights).map(([id]) => {
    const n = inHand.filter((h) => cardType(h) === cardType(id)).length;
    return { label: `${cardName(id)}${n > 1 ? ` ×${n}` : ''}`, value: id, description: matchNote(s, seat, id, legal) };
  });
}

export function brightStep(ref: TableRef, s: CardGameState, seat: Seat, page = 0): View {
  const options = brightOptions(s, seat);
  if (options.length === 0) {
    return {
      content: '⚔ You have no card you may play now, so you must fall back.',
      components: [
        buttonRow([
          { id: vid(ref, 'fo'), label: 'Fall back', style: 'primary', emoji: '↩' },
          { id: vid(ref, 'hv'), label: 'Back' },
          { id: vid(ref, 'px'), label: 'Close' },
        ]),
      ],
    };
  }
  const ref0 = matchReference(s.battle.played[seat]!);
  const { rows } = pagedSelect(
    options,
    page,
    { select: () => vid(ref, 'pb'), page: (p) => vid(ref, 'po', p) },
    'Choose your bright or wild card',
  );
  rows.push(
    buttonRow([
      { id: vid(ref, 'hv'), label: 'Back' },
      { id: vid(ref, 'px'), label: 'Cancel' },
    ]),
  );
  const head = ref0
    ? `Your latest bright card: ${cardName(ref0)}. The next must share a symbol with it (or be wild).`
    : 'Your first card this round may be any bright or wild card.';
  return { content: `⚔ **Wage battle — the card to play**\n${head}`, components: rows };
}

// ---- the second card ----

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
  if (none)
    out.push({ option: { label: '— none —', value: 'none', description: 'play the bright card alone' }, play: none });
  const darks = legal.filter((w) => w.dark);
  for (const [dark] of groupByType(darks.map((w) => w.dark!))) {
    out.push({
      option: { label: cardName(dark), value: dark, description: 'advisor card: adds its symbol' },
      play: darks.find((w) => w.dark === dark)!,
    });
  }
  const dyn = legal.filter((w) => w.dynasty);
  if (dyn.length === 0) return out;
  const name = `${dynastyLabel(me.dynasty)} dynasty card`;
  const ability = DYNASTY_ABILITY[me.dynasty];
  if (me.dynasty === 'qi') {
    for (const w of dyn)
      out.push({
        option: { label: `${name}: cover ${symbolName(w.cover!)}`, value: `y.${w.cover}`, description: ability },
        play: w,
      });
  } else if (me.dynasty === 'qin' && dyn.some((w) => w.take)) {
    out.push({
      option: { label: `${name}: take a row card, give one back`, value: 'yq', description: ability },
      play: null,
    });
  } else if (me.dynasty === 'yan') {
    out.push({ option: { label: `${name}: take a card back`, value: 'yy', description: ability }, play: null });
  } else {
    out.push({ option: { label: name, value: 'y', description: ability }, play: dyn[0]! });
  }
  return out;
}

/** The select value of a play's second card (`none`, a dark id, `y`, `y.<cover>`, `yq`, `yy`). */
function secondValue(a: WageAction): string {
  if (a.dark) return a.dark;
  if (!a.dynasty) return 'none';
  if (a.cover) return `y.${a.cover}`;
  if (a.take) return 'yq';
  if (a.takeBack) return 'yy';
  return 'y';
}

/** Qin: the row card to take (`take` unset), then the hand card to give; Yan: the card to take back. */
export function dynastyStep(ref: TableRef, s: CardGameState, seat: Seat, bright: CardId, take?: CardId): View {
  const legal = legalWages(s, seat).filter((w) => w.bright === bright && w.dynasty);
  const back = buttonRow([
    { id: vid(ref, 'pk', bright), label: 'Back' },
    { id: vid(ref, 'px'), label: 'Cancel' },
  ]);
  const me = s.seats[seat]!;
  const label = (id: CardId) => ({ label: cardName(id), value: id });
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
    content: `⚔ **${dynastyLabel('qin')} dynasty card**: you take ${cardName(take)}; now put 1 card from your hand into the row (it may be the same card).`,
    components: [selectRow(vid(ref, 'pg', bright, take), 'The hand card to give', gives.map(label)), back],
  };
}

/** The legal play with these choices, or null (the select offered nothing else, so null means a stale view). */
export function findWage(s: CardGameState, seat: Seat, want: Omit<WageAction, 'type' | 'seat'>): WageAction | null {
  const w: WageAction = { type: 'wage', seat, ...want };
  return legalWages(s, seat).find((x) => sameWage(x, w)) ?? null;
}

// ---- screen 2: the play, its preview, the second card, Confirm ----

function leadWords(lines: ClaimLine[]): { lead: string[]; tied: string[]; behind: string[] } {
  const lead: string[] = [];
  const tied: string[] = [];
  const behind: string[] = [];
  for (const l of lines) {
    if (l.mine === 0) continue;
    const who = l.bestBy.map(sideName).join(' and ');
    const score = `${symbolLabel(l.symbol)} ${l.mine}–${l.best}`;
    if (l.claimed) lead.push(score);
    else if (l.mine === l.best) tied.push(`${score} with ${who}`);
    else behind.push(`${score} behind ${who}`);
  }
  return { lead, tied, behind };
}

/** "You lead 🔥 Fire 1–0; tied 🛞 Chariot 2–2 with Yan. If you fell back now you would claim Fire." */
export function leadsText(s: CardGameState, seat: Seat): string {
  const lines = claimPreview(s, seat);
  const { lead, tied, behind } = leadWords(lines);
  const parts: string[] = [];
  if (lead.length) parts.push(`you lead ${lead.join(', ')}`);
  if (tied.length) parts.push(`tied ${tied.join(', ')}`);
  if (behind.length) parts.push(`${behind.join(', ')}`);
  const claims = lines.filter((l) => l.claimed).map((l) => symbolName(l.symbol));
  const head = parts.length ? `${title(parts.join('; '))}.` : 'No symbol in front of you yet.';
  return `${head} If you fell back now you would claim ${claims.length ? claims.join(', ') : 'nothing'}.`;
}

export function playWords(a: WageAction, s: CardGameState): string {
  const parts = [cardName(a.bright)];
  if (a.dark) parts.push(cardName(a.dark));
  if (a.dynasty) {
    const d = s.seats[a.seat]!.dynasty;
    let extra = '';
    if (a.cover) extra = ` covering ${symbolName(a.cover)}`;
    if (a.take) extra = ` taking ${cardName(a.take)} from the row and giving ${cardName(a.give!)}`;
    if (a.takeBack) extra = ` taking back ${cardName(a.takeBack)}`;
    parts.push(`${dynastyLabel(d)} dynasty card${extra}`);
  }
  return parts.join(' + ');
}

/**
 * The play of `bright` (with `chosen`, or alone when that is legal): what it does, the select of a second card,
 * and Confirm. A bright card that is legal only with the dynasty card (Chu) waits for that choice.
 */
export function playStep(ref: TableRef, s: CardGameState, seat: Seat, bright: CardId, chosen?: WageAction): View {
  const choices = secondChoices(s, seat, bright);
  const play = chosen ?? choices.find((c) => c.option.value === 'none')?.play ?? null;
  const rows = [];
  if (choices.length > 1 || (choices.length === 1 && !choices[0]!.play)) {
    const current = play ? secondValue(play) : '';
    const options = choices.map((c) => ({ ...c.option, default: c.option.value === current }));
    rows.push(selectRow(vid(ref, 'ps', bright), 'Add a second card (optional)', options));
  }
  const back = { id: vid(ref, 'po'), label: 'Back' };
  const cancel = { id: vid(ref, 'px'), label: 'Cancel' };
  if (!play) {
    rows.push(buttonRow([back, cancel]));
    return {
      content: `⚔ **Wage battle** — ${cardName(bright)} can only be played with your dynasty card: choose it below.`,
      components: rows,
    };
  }
  const after = apply(s, play);
  if (!after.ok) return { content: `⚠️ ${after.error}`, components: [buttonRow([back, cancel])] };
  rows.push(buttonRow([{ id: vid(ref, 'pc', encodeWage(play)), label: 'Confirm', style: 'success' }, back, cancel]));
  const second =
    choices.length > 1 && !play.dark && !play.dynasty ? '\nYou may add a second card below before you confirm.' : '';
  return {
    content: `⚔ **Wage battle** — you play ${playWords(play, s)}.\nAfter this play: ${leadsText(after.state, seat)}${second}`,
    components: rows,
  };
}

/** The preview of a complete play (the keyboard path `/cards play bright: second:`). */
export function previewStep(ref: TableRef, s: CardGameState, a: WageAction): View {
  return playStep(ref, s, a.seat, a.bright, a);
}
