/**
 * The play wizard (docs/cardgame.md "The play wizard"), ephemeral and for the seat to act only. Two screens, so a play
 * takes 2 clicks after "Wage battle" (3 with a dark card):
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
  type DynastyId,
  type Seat,
  type Tactic,
} from '../../cardgame/index.js';
import type { ClaimLine } from '../../cardgame/counting.js';
import { type WageAction, matchReference } from '../../cardgame/wage.js';
import { cardType, groupByType, title } from './format.js';
import { t, tr, type Locale, type MessageKey } from '../../i18n/index.js';
import { engineMessage, inNotation } from '../../game/cards/index.js';
import { symbolLabel } from './words.js';
import { buttonRow, pagedSelect, selectRow, vid, type Option, type TableRef, type View, CARD_ACTIONS } from './ui.js';
import { cardWord, dynastyTitle, dynastyWord, listOf, symbolWord } from './names.js';

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

function matchNote(s: CardGameState, seat: Seat, bright: CardId, legal: WageAction[], locale: Locale): string {
  const ref = matchReference(s.battle.played[seat]!);
  const c = card(bright);
  const plain = legal.some((w) => w.bright === bright && !w.dynasty);
  if (!plain)
    return tr(locale, 'cards.play.note.dynastyOnly', { dynasty: dynastyWord(s.seats[seat]!.dynasty, locale) });
  if (ref === null) return tr(locale, 'cards.play.note.first');
  if (c.kind === 'wild') return tr(locale, 'cards.play.note.wild');
  const r = card(ref);
  if (r.kind === 'wild') return tr(locale, 'cards.play.note.afterWild');
  const shared = c.symbols.filter((x) => r.symbols.includes(x));
  return tr(locale, 'cards.play.note.matches', {
    symbols: listOf(
      shared.map((x) => symbolWord(x, locale)),
      locale,
    ),
  });
}

export function brightOptions(s: CardGameState, seat: Seat, locale: Locale = 'en'): Option[] {
  const legal = legalWages(s, seat);
  const brights = [...new Set(legal.map((w) => w.bright))];
  const inHand = s.seats[seat]!.hand;
  return groupByType(brights).map(([id]) => {
    const n = inHand.filter((h) => cardType(h) === cardType(id)).length;
    return {
      label: `${cardWord(id, locale)}${n > 1 ? ` ×${n}` : ''}`,
      value: id,
      description: matchNote(s, seat, id, legal, locale),
    };
  });
}

/**
 * The play wizard's first screen: the bright and wild cards the seat may play. Only opened with at least one (the
 * caller, src/bot/cards/handlers.ts `openPlay`, sends a seat with none to the fall-back wizard, saying why).
 */
export function brightStep(ref: TableRef, s: CardGameState, seat: Seat, page = 0, locale: Locale = 'en'): View {
  const options = brightOptions(s, seat, locale);
  const say = (key: MessageKey, params?: Record<string, string | number>) => tr(locale, key, params);
  const ref0 = matchReference(s.battle.played[seat]!);
  const { rows } = pagedSelect(
    options,
    page,
    { select: () => vid(ref, CARD_ACTIONS.playBright), page: (p) => vid(ref, CARD_ACTIONS.playOpen, p) },
    say('cards.play.placeholder'),
    locale,
  );
  rows.push(
    buttonRow([
      { id: vid(ref, CARD_ACTIONS.hand), label: say('cards.button.back') },
      { id: vid(ref, CARD_ACTIONS.playCancel), label: say('cards.button.cancel') },
    ]),
  );
  const head = ref0 ? say('cards.play.latest', { card: cardWord(ref0, locale) }) : say('cards.play.firstCard');
  return { content: `${say('cards.play.title')}\n${head}`, components: rows };
}

// ---- the second card ----

export interface SecondChoice {
  option: Option;
  /** The full play, or null when one more select follows (Qin, Yan). */
  play: WageAction | null;
}

export function secondChoices(s: CardGameState, seat: Seat, bright: CardId, locale: Locale = 'en'): SecondChoice[] {
  const legal = legalWages(s, seat).filter((w) => w.bright === bright);
  const me = s.seats[seat]!;
  const out: SecondChoice[] = [];
  const say = (key: MessageKey, params?: Record<string, string | number>) => tr(locale, key, params);
  const none = legal.find((w) => !w.dark && !w.dynasty);
  if (none)
    out.push({
      option: { label: say('cards.play.second.none'), value: 'none', description: say('cards.play.second.noneNote') },
      play: none,
    });
  const darks = legal.filter((w) => w.dark);
  for (const [dark] of groupByType(darks.map((w) => w.dark!))) {
    out.push({
      option: { label: cardWord(dark, locale), value: dark, description: say('cards.play.second.darkNote') },
      play: darks.find((w) => w.dark === dark)!,
    });
  }
  const dyn = legal.filter((w) => w.dynasty);
  if (dyn.length === 0) return out;
  const name = say('cards.played.dynasty', { dynasty: dynastyTitle(me.dynasty, locale) });
  const ability = say(`cards.ability.${me.dynasty}` as MessageKey);
  if (me.dynasty === 'qi') {
    for (const w of dyn)
      out.push({
        option: {
          label: say('cards.play.second.cover', { name, symbol: symbolWord(w.cover!, locale) }),
          value: `y.${w.cover}`,
          description: ability,
        },
        play: w,
      });
  } else if (me.dynasty === 'qin' && dyn.some((w) => w.take)) {
    out.push({
      option: { label: say('cards.play.second.qin', { name }), value: 'yq', description: ability },
      play: null,
    });
  } else if (me.dynasty === 'yan') {
    out.push({
      option: { label: say('cards.play.second.yan', { name }), value: 'yy', description: ability },
      play: null,
    });
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
export function dynastyStep(
  ref: TableRef,
  s: CardGameState,
  seat: Seat,
  bright: CardId,
  take?: CardId,
  locale: Locale = 'en',
): View {
  const legal = legalWages(s, seat).filter((w) => w.bright === bright && w.dynasty);
  const say = (key: MessageKey, params?: Record<string, string | number>) => tr(locale, key, params);
  const back = buttonRow([
    { id: vid(ref, CARD_ACTIONS.playBack, bright), label: say('cards.button.back') },
    { id: vid(ref, CARD_ACTIONS.playCancel), label: say('cards.button.cancel') },
  ]);
  const me = s.seats[seat]!;
  const label = (id: CardId) => ({ label: cardWord(id, locale), value: id });
  if (me.dynasty === 'yan') {
    const cards = groupByType(legal.map((w) => w.takeBack!)).map(([id]) => id);
    return {
      content: say('cards.play.yan', { dynasty: dynastyTitle('yan', locale) }),
      components: [
        selectRow(vid(ref, CARD_ACTIONS.playTakeBack, bright), say('cards.play.yanPlaceholder'), cards.map(label)),
        back,
      ],
    };
  }
  if (take === undefined) {
    const cards = groupByType(legal.map((w) => w.take!)).map(([id]) => id);
    return {
      content: say('cards.play.qinTake', { dynasty: dynastyTitle('qin', locale) }),
      components: [
        selectRow(vid(ref, CARD_ACTIONS.playTake, bright), say('cards.play.qinTakePlaceholder'), cards.map(label)),
        back,
      ],
    };
  }
  const gives = groupByType(legal.filter((w) => w.take === take).map((w) => w.give!)).map(([id]) => id);
  return {
    content: say('cards.play.qinGive', { dynasty: dynastyTitle('qin', locale), card: cardWord(take, locale) }),
    components: [
      selectRow(vid(ref, CARD_ACTIONS.playGive, bright, take), say('cards.play.qinGivePlaceholder'), gives.map(label)),
      back,
    ],
  };
}

/** The legal play with these choices, or null (the select offered nothing else, so null means a stale view). */
export function findWage(s: CardGameState, seat: Seat, want: Omit<WageAction, 'type' | 'seat'>): WageAction | null {
  const w: WageAction = { type: 'wage', seat, ...want };
  return legalWages(s, seat).find((x) => sameWage(x, w)) ?? null;
}

// ---- screen 2: the play, its preview, the second card, Confirm ----

function leadWords(lines: ClaimLine[], locale: Locale): { lead: string[]; tied: string[]; behind: string[] } {
  const lead: string[] = [];
  const tied: string[] = [];
  const behind: string[] = [];
  for (const l of lines) {
    if (l.mine === 0) continue;
    const sides = l.bestBy.map((x) =>
      x === 'resistance' ? tr(locale, 'cards.claim.resistance') : dynastyWord(x as DynastyId, locale),
    );
    const who = sides.join(tr(locale, 'cards.play.and'));
    const score = `${symbolLabel(l.symbol, locale)} ${l.mine}–${l.best}`;
    if (l.claimed) lead.push(score);
    else if (l.mine === l.best) tied.push(tr(locale, 'cards.play.tiedWith', { score, who }));
    else behind.push(tr(locale, 'cards.play.behind', { score, who }));
  }
  return { lead, tied, behind };
}

/** "You lead 🔥 Fire 1–0; tied 🛞 Chariot 2–2 with Yan. If you fell back now you would claim Fire." */
export function leadsText(s: CardGameState, seat: Seat, locale: Locale = 'en'): string {
  const lines = claimPreview(s, seat);
  const { lead, tied, behind } = leadWords(lines, locale);
  const parts: string[] = [];
  // lists in the reader's punctuation (Chinese 、, docs/locales.md)
  if (lead.length) parts.push(tr(locale, 'cards.play.youLead', { scores: listOf(lead, locale) }));
  if (tied.length) parts.push(tr(locale, 'cards.play.tied', { scores: listOf(tied, locale) }));
  if (behind.length) parts.push(listOf(behind, locale));
  const claims = lines.filter((l) => l.claimed).map((l) => symbolWord(l.symbol, locale));
  const head = parts.length
    ? tr(locale, 'cards.play.leadsLine', { leads: title(parts.join(locale.startsWith('zh') ? '；' : '; ')) })
    : tr(locale, 'cards.play.noSymbol');
  return tr(locale, 'cards.play.wouldClaim', {
    head,
    claims: claims.length ? listOf(claims, locale) : tr(locale, 'cards.play.nothing'),
  });
}

export function playWords(a: WageAction, s: CardGameState, locale: Locale = 'en'): string {
  const parts = [cardWord(a.bright, locale)];
  if (a.dark) parts.push(cardWord(a.dark, locale));
  if (a.dynasty) {
    const dynasty = dynastyTitle(s.seats[a.seat]!.dynasty, locale);
    if (a.takeBack)
      parts.push(tr(locale, 'cards.play.words.takeBack', { dynasty, card: cardWord(a.takeBack, locale) }));
    else if (a.take)
      parts.push(
        tr(locale, 'cards.play.words.take', {
          dynasty,
          take: cardWord(a.take, locale),
          give: cardWord(a.give!, locale),
        }),
      );
    else if (a.cover)
      parts.push(tr(locale, 'cards.play.words.cover', { dynasty, symbol: symbolWord(a.cover, locale) }));
    else parts.push(tr(locale, 'cards.played.dynasty', { dynasty }));
  }
  return parts.join(' + ');
}

/**
 * The play of `bright` (with `chosen`, or alone when that is legal): what it does, the select of a second card,
 * and Confirm. A bright card that is legal only with the dynasty card (Chu) waits for that choice.
 */
export function playStep(
  ref: TableRef,
  s: CardGameState,
  seat: Seat,
  bright: CardId,
  chosen?: WageAction,
  locale: Locale = 'en',
): View {
  const say = (key: MessageKey, params?: Record<string, string | number>) => tr(locale, key, params);
  const choices = secondChoices(s, seat, bright, locale);
  const play = chosen ?? choices.find((c) => c.option.value === 'none')?.play ?? null;
  const rows = [];
  // The select whenever there is a choice, or no play yet: a card legal only with the dynasty card (Chu) asks for it.
  if (choices.length > 1 || (choices.length === 1 && !play)) {
    const current = play ? secondValue(play) : '';
    const options = choices.map((c) => ({ ...c.option, default: c.option.value === current }));
    rows.push(selectRow(vid(ref, CARD_ACTIONS.playSecond, bright), say('cards.play.secondPlaceholder'), options));
  }
  const back = { id: vid(ref, CARD_ACTIONS.playOpen), label: say('cards.button.back') };
  const cancel = { id: vid(ref, CARD_ACTIONS.playCancel), label: say('cards.button.cancel') };
  if (!play) {
    rows.push(buttonRow([back, cancel]));
    return { content: say('cards.play.dynastyOnly', { card: cardWord(bright, locale) }), components: rows };
  }
  const after = apply(s, play);
  if (!after.ok) {
    const reason = engineMessage(after.error);
    const text = reason ? t(locale, reason) : inNotation(after.error);
    return { content: `⚠️ ${text}`, components: [buttonRow([back, cancel])] };
  }
  rows.push(
    buttonRow([
      {
        id: vid(ref, CARD_ACTIONS.playConfirm, encodeWage(play)),
        label: say('cards.button.confirm'),
        style: 'success',
      },
      back,
      cancel,
    ]),
  );
  const second = choices.length > 1 && !play.dark && !play.dynasty ? `\n${say('cards.play.mayAdd')}` : '';
  return {
    content: `${say('cards.play.confirm', { play: playWords(play, s, locale), leads: leadsText(after.state, seat, locale) })}${second}`,
    components: rows,
  };
}

/** The preview of a complete play (the keyboard path `/cards play bright: second:`). */
export function previewStep(ref: TableRef, s: CardGameState, a: WageAction, locale: Locale = 'en'): View {
  return playStep(ref, s, a.seat, a.bright, a, locale);
}
