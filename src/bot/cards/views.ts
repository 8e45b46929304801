/**
 * The other private views of the card game: the hand (docs/cardgame.md "Commands": `/cards hand`), the setup choice of
 * the 2 recruiting cards (§3.3, a multi-select of exactly 2 of the 8 dealt cards), and the choice of the next battle
 * (§3.7: the start seat after a Spy claim, then the state among the eligible ones). All built from the seat's own
 * view, so they can only show its own cards.
 */
import {
  controllerOf,
  eligibleStates,
  legalWages,
  physicalCount,
  type CardGameState,
  type CardId,
  type Seat,
} from '../../cardgame/index.js';
import { tr, type Locale, type MessageKey } from '../../i18n/index.js';
import { defaultGive } from '../../cardgame/setup.js';
import { defaultState } from '../../cardgame/setup-actions.js';
import { cardLines, cardType } from './format.js';
import { leadsText } from './play.js';
import { buttonRow, selectRow, vid, type Button, type TableRef, type View, CARD_ACTIONS } from './ui.js';
import { cardWord, dynastyTitle, dynastyWord, listOf, stateTitle } from './names.js';

function dynastyCardLine(s: CardGameState, seat: Seat, locale: Locale): string | null {
  if (!s.settings.dynastyCards) return null;
  const me = s.seats[seat]!;
  return tr(locale, me.dynastyCardInHand ? 'cards.hand.dynastyInHand' : 'cards.hand.dynastyInFront', {
    dynasty: dynastyTitle(me.dynasty, locale),
    ability: tr(locale, `cards.ability.${me.dynasty}` as MessageKey),
  });
}

/** The hand, what it can do now, and the current leads; with the buttons that fit the moment. */
export function handView(ref: TableRef, s: CardGameState, seat: Seat, locale: Locale = 'en'): View {
  const me = s.seats[seat]!;
  const say = (key: MessageKey, params?: Record<string, string | number>) => tr(locale, key, params);
  const lines = [
    say('cards.hand.title', { dynasty: dynastyTitle(me.dynasty, locale), count: me.hand.length, supply: me.supply }),
  ];
  lines.push(...(me.hand.length ? cardLines(me.hand, locale).map((l) => `• ${l}`) : [`• ${say('cards.hand.none')}`]));
  const dyn = dynastyCardLine(s, seat, locale);
  if (dyn) lines.push(dyn);
  const buttons: Button[] = [];
  if (s.phase === 'give') {
    const given = s.gives[seat];
    lines.push(
      given ? say('cards.hand.given', { cards: listOf(cardLines(given, locale), locale) }) : say('cards.hand.give'),
    );
    buttons.push({
      id: vid(ref, CARD_ACTIONS.giveOpen),
      label: say(given ? 'cards.button.changeRecruits' : 'cards.button.give'),
      style: 'primary',
      emoji: '🂠',
    });
  } else if (s.phase === 'choose' && s.chooser?.seat === seat) {
    lines.push(say('cards.hand.choose'));
    buttons.push({
      id: vid(ref, CARD_ACTIONS.chooseOpen),
      label: say('cards.button.choose'),
      style: 'primary',
      emoji: '🗺',
    });
  } else if (
    (s.phase === 'battle' || s.phase === 'tiebreak') &&
    !s.battle.fallen.includes(seat) &&
    (!s.battle.tiebreak || s.battle.tiebreak.seats.includes(seat))
  ) {
    lines.push(say('cards.hand.leads', { leads: leadsText(s, seat, locale) }));
    if (s.turnSeat === seat) {
      const plays = legalWages(s, seat);
      const types = new Set(plays.map((p) => p.bright)).size;
      lines.push(plays.length ? say('cards.hand.yourTurn', { count: types }) : say('cards.hand.mustFallBack'));
      if (plays.length)
        buttons.push({
          id: vid(ref, CARD_ACTIONS.playOpen),
          label: say('cards.button.wage'),
          style: 'primary',
          emoji: '⚔',
        });
      buttons.push({ id: vid(ref, CARD_ACTIONS.fallOpen), label: say('cards.button.fall'), emoji: '↩' });
    }
  } else if (s.battle.fallen.includes(seat)) lines.push(say('cards.hand.fallen'));
  return { content: lines.join('\n'), components: buttons.length ? [buttonRow(buttons)] : [] };
}

/** Setup (seed §4): exactly 2 of the 8 dealt cards go face up into the recruiting row; or the default (D-21). */
export function giveStep(ref: TableRef, s: CardGameState, seat: Seat, locale: Locale = 'en'): View {
  const me = s.seats[seat]!;
  const chosen = s.gives[seat] ?? [];
  const name = (c: CardId) => cardWord(c, locale);
  // two copies of a card read apart ("Advisor/Wind", "Advisor/Wind (copy 2)"), as the fall back's row cards do
  const copies = new Map<string, number>();
  const options = me.hand.map((c) => {
    const n = (copies.get(cardType(c)) ?? 0) + 1;
    copies.set(cardType(c), n);
    const label = n > 1 ? tr(locale, 'cards.give.copy', { card: name(c), n }) : name(c);
    return { label, value: c, default: chosen.includes(c) };
  });
  const fallback = defaultGive(me.hand);
  const lines = [tr(locale, 'cards.give.title', { count: me.hand.length })];
  if (chosen.length) lines.push(tr(locale, 'cards.give.chosen', { cards: listOf(cardLines(chosen, locale), locale) }));
  lines.push(tr(locale, 'cards.give.default', { cards: listOf(fallback.map(name), locale) }));
  return {
    content: lines.join('\n'),
    components: [
      selectRow(vid(ref, CARD_ACTIONS.givePick), tr(locale, 'cards.give.placeholder'), options, { min: 2, max: 2 }),
      buttonRow([
        {
          id: vid(ref, CARD_ACTIONS.giveDefaults),
          label: tr(locale, 'cards.give.useDefault', { a: name(fallback[0]!), b: name(fallback[1]!) }),
        },
        { id: vid(ref, CARD_ACTIONS.hand), label: tr(locale, 'cards.button.back') },
      ]),
    ],
  };
}

/** "neutral · 5 around" / "Yan · 3 around". */
function stateNote(s: CardGameState, st: ReturnType<typeof eligibleStates>[number], locale: Locale): string {
  const c = controllerOf(s, st);
  return tr(locale, st === s.currentState ? 'cards.choose.noteLast' : 'cards.choose.note', {
    who: c === 'neutral' ? tr(locale, 'cards.owner.neutral') : dynastyWord(s.seats[c]!.dynasty, locale),
    count: physicalCount(s, st),
  });
}

/**
 * §3.7: the Spy claimer first picks the start seat; then the state (eligible states only). Each screen offers the
 * default for the rest (docs/cardgame.md "Defaults": the chooser starts; the current state if eligible, else the first
 * eligible) and Back.
 */
export function chooseStep(ref: TableRef, s: CardGameState, seat: Seat, start?: Seat, locale: Locale = 'en'): View {
  const pickStart = s.chooser?.pickStart ?? false;
  const fallbackState = stateTitle(defaultState(s), locale);
  const back = tr(locale, 'cards.button.back');
  if (pickStart && start === undefined) {
    return {
      content: tr(locale, 'cards.choose.start', { state: fallbackState }),
      components: [
        selectRow(
          vid(ref, CARD_ACTIONS.chooseStart),
          tr(locale, 'cards.choose.startPlaceholder'),
          s.seats.map((x, i) => ({
            label:
              i === seat
                ? tr(locale, 'cards.choose.you', { dynasty: dynastyTitle(x.dynasty, locale) })
                : dynastyTitle(x.dynasty, locale),
            value: String(i),
          })),
        ),
        buttonRow([
          {
            id: vid(ref, CARD_ACTIONS.chooseDefault, seat),
            label: tr(locale, 'cards.choose.defaults', { state: fallbackState }),
          },
          { id: vid(ref, CARD_ACTIONS.hand), label: back },
        ]),
      ],
    };
  }
  const first = start ?? seat;
  const states = eligibleStates(s);
  return {
    content: tr(locale, 'cards.choose.state', { dynasty: dynastyTitle(s.seats[first]!.dynasty, locale) }),
    components: [
      selectRow(
        vid(ref, CARD_ACTIONS.chooseState, first),
        tr(locale, 'cards.choose.statePlaceholder'),
        states.map((st) => ({ label: stateTitle(st, locale), value: st, description: stateNote(s, st, locale) })),
      ),
      buttonRow([
        {
          id: vid(ref, CARD_ACTIONS.chooseDefault, first),
          label: tr(locale, 'cards.choose.default', { state: fallbackState }),
        },
        { id: vid(ref, pickStart ? CARD_ACTIONS.chooseOpen : CARD_ACTIONS.hand), label: back },
      ]),
    ],
  };
}
