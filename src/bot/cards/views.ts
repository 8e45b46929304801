/**
 * The other private views of the card game: the hand (design §3.2 `/cards hand`), the setup choice of the 2
 * recruiting cards (§3.3, a multi-select of exactly 2 of the 8 dealt cards), and the choice of the next battle
 * (§3.7: the start seat after a Spy claim, then the state among the eligible ones). All built from the seat's own
 * view, so they can only show its own cards.
 */
import {
  controllerOf,
  eligibleStates,
  legalWages,
  physicalCount,
  type CardGameState,
  type Seat,
} from '../../cardgame/index.js';
import { defaultGive } from '../../cardgame/setup.js';
import { defaultState } from '../../cardgame/setup-actions.js';
import { cardLines, cardName, DYNASTY_ABILITY, dynastyLabel, stateLabel, title } from './format.js';
import { leadsText } from './play.js';
import { buttonRow, selectRow, vid, type Button, type TableRef, type View } from './ui.js';

function dynastyCardLine(s: CardGameState, seat: Seat): string | null {
  if (!s.settings.dynastyCards) return null;
  const me = s.seats[seat]!;
  const where = me.dynastyCardInHand ? 'in your hand' : 'in front of you (back to your hand when you fall back)';
  return `Dynasty card ${dynastyLabel(me.dynasty)} — ${where}. ${DYNASTY_ABILITY[me.dynasty]}`;
}

/** The hand, what it can do now, and the current leads; with the buttons that fit the moment. */
export function handView(ref: TableRef, s: CardGameState, seat: Seat): View {
  const me = s.seats[seat]!;
  const lines = [
    `🂠 **Your hand** — ${dynastyLabel(me.dynasty)}, ${me.hand.length} card${me.hand.length === 1 ? '' : 's'}, ${me.supply} armies in supply`,
  ];
  lines.push(...(me.hand.length ? cardLines(me.hand).map((l) => `• ${l}`) : ['• (no cards)']));
  const dyn = dynastyCardLine(s, seat);
  if (dyn) lines.push(dyn);
  const buttons: Button[] = [];
  if (s.phase === 'give') {
    const given = s.gives[seat];
    lines.push(
      given
        ? `For the recruiting row you chose: ${cardLines(given).join(', ')} (you may change it until everyone has chosen).`
        : 'Choose 2 of these cards for the recruiting row.',
    );
    buttons.push({
      id: vid(ref, 'go'),
      label: given ? 'Change recruits' : 'Choose recruits',
      style: 'primary',
      emoji: '🂠',
    });
  } else if (s.phase === 'choose' && s.chooser?.seat === seat) {
    lines.push('You choose the next battle.');
    buttons.push({ id: vid(ref, 'co'), label: 'Choose next battle', style: 'primary', emoji: '🗺' });
  } else if (
    (s.phase === 'battle' || s.phase === 'tiebreak') &&
    !s.battle.fallen.includes(seat) &&
    (!s.battle.tiebreak || s.battle.tiebreak.seats.includes(seat))
  ) {
    lines.push(`Leads: ${leadsText(s, seat)}`);
    if (s.turnSeat === seat) {
      const plays = legalWages(s, seat);
      const types = new Set(plays.map((p) => p.bright)).size;
      lines.push(
        plays.length
          ? `It is your turn: ${types} card${types === 1 ? '' : 's'} you may play, or fall back.`
          : 'It is your turn and no card of yours may be played: you must fall back.',
      );
      if (plays.length) buttons.push({ id: vid(ref, 'po'), label: 'Wage battle', style: 'primary', emoji: '⚔' });
      buttons.push({ id: vid(ref, 'fo'), label: 'Fall back', emoji: '↩' });
    }
  } else if (s.battle.fallen.includes(seat)) lines.push('You have fallen back this round.');
  return { content: lines.join('\n'), components: buttons.length ? [buttonRow(buttons)] : [] };
}

/** Setup (seed §4): exactly 2 of the 8 dealt cards go face up into the recruiting row; or the default (D-21). */
export function giveStep(ref: TableRef, s: CardGameState, seat: Seat): View {
  const me = s.seats[seat]!;
  const chosen = s.gives[seat] ?? [];
  const options = me.hand.map((c) => ({ label: cardName(c), value: c, default: chosen.includes(c) }));
  const fallback = defaultGive(me.hand);
  return {
    content: `🂠 **Choose 2 of your ${me.hand.length} cards for the recruiting row.** The others see them when everyone has chosen; you keep the rest.${chosen.length ? `\nChosen now: ${cardLines(chosen).join(', ')}.` : ''}\nThe default (taken at the deadline) gives your 2 weakest cards: ${fallback.map(cardName).join(', ')}.`,
    components: [
      selectRow(vid(ref, 'gv'), 'Choose exactly 2 cards', options, { min: 2, max: 2 }),
      buttonRow([
        { id: vid(ref, 'gd'), label: `Use the default: ${fallback.map(cardName).join(' and ')}` },
        { id: vid(ref, 'hv'), label: 'Back' },
      ]),
    ],
  };
}

/** "neutral · 5 around" / "Yan · 3 around". */
function stateNote(s: CardGameState, st: ReturnType<typeof eligibleStates>[number]): string {
  const c = controllerOf(s, st);
  return `${c === 'neutral' ? 'neutral' : title(s.seats[c]!.dynasty)} · ${physicalCount(s, st)} around${st === s.currentState ? ' · battled last round' : ''}`;
}

/**
 * §3.7: the Spy claimer first picks the start seat; then the state (eligible states only). Each screen offers the
 * default for the rest (design §3.8: the chooser starts; the current state if eligible, else the first eligible)
 * and Back.
 */
export function chooseStep(ref: TableRef, s: CardGameState, seat: Seat, start?: Seat): View {
  const pickStart = s.chooser?.pickStart ?? false;
  const fallbackState = defaultState(s);
  if (pickStart && start === undefined) {
    return {
      content: `🗺 **Choose the next battle** — you claimed Spy: first choose who starts the round.\nThe default: you start, battle in ${stateLabel(fallbackState)}.`,
      components: [
        selectRow(
          vid(ref, 'cs'),
          'Start player',
          s.seats.map((x, i) => ({
            label: `${dynastyLabel(x.dynasty)}${i === seat ? ' (you)' : ''}`,
            value: String(i),
          })),
        ),
        buttonRow([
          { id: vid(ref, 'cD', seat), label: `Defaults: you start, battle in ${stateLabel(fallbackState)}` },
          { id: vid(ref, 'hv'), label: 'Back' },
        ]),
      ],
    };
  }
  const first = start ?? seat;
  const states = eligibleStates(s);
  return {
    content: `🗺 **Choose the next battle** — ${dynastyLabel(s.seats[first]!.dynasty)} starts. Only neutral states or states with fewer than 4 armies around them may be chosen.`,
    components: [
      selectRow(
        vid(ref, 'ct', first),
        'The state to battle in',
        states.map((st) => ({ label: stateLabel(st), value: st, description: stateNote(s, st) })),
      ),
      buttonRow([
        { id: vid(ref, 'cD', first), label: `Default: battle in ${stateLabel(fallbackState)}` },
        { id: vid(ref, pickStart ? 'co' : 'hv'), label: 'Back' },
      ]),
    ],
  };
}
