/**
 * `/cards rules [topic]` and the table's ❓ Rules button: the rules in short, from the seed (rules v1.0) and the
 * decisions in docs/rules/card-game.md. Each topic fits one message.
 */
import { DATA } from '../../cardgame/index.js';
import { DYNASTY_ABILITY, dynastyLabel, symbolLabel } from './format.js';

export const RULE_TOPICS = ['turn', 'superiority', 'dynasty', 'round', 'control', 'end'] as const;
export type RuleTopic = (typeof RULE_TOPICS)[number];

const TURN = [
  '**Your turn** — wage battle or fall back.',
  '**Cards** are named by their symbols, as in the rules: a bright card is its strategy and its 2 tactics ("Fire/Cavalry/Chariot"), a dark advisor card its one symbol ("Advisor/Chariot"), a wild card "Wild".',
  '⚔ **Wage battle**: play 1 bright card (or a Wild), optionally with 1 dark advisor card sharing a symbol with it, or your dynasty card (option).',
  '• Your first bright card of the round is free; each later one must share a symbol with your latest bright card (a wild matches anything).',
  '↩ **Fall back**: you claim every superiority still on the battlefield row of which you have **strictly more** symbols than every player still in (ties claim nothing; with 2 players the local resistance counts too).',
  '• Use each claimed superiority once (its effect, or draw a card instead), then take 2 cards from the recruiting row (1 if you are the last to fall back); +1 card from the deck if you played no card this round.',
  '• Players who fell back no longer count. The last one in claims everything it has at least 1 of.',
].join('\n');

function superiorities(): string {
  const help: Record<string, string> = {
    place: 'place 1 army on a stronghold around the battled state — an empty one if possible',
    spy: 'take any 1 card from the recruiting row; you also choose the next battle and who starts',
    fire: 'pick a stronghold: every single opponent army there moves to an adjacent stronghold (never from a stack of 2 of one opponent)',
    forest: 'place 1 army beneath the only army of any state, neutral or an opponent’s',
    mountain: 'stack a second army on a stronghold with exactly 1 army of yours',
    wind: 'move 1 of your armies along roads through empty strongholds; it stops at the first stronghold with an army',
  };
  const lines = DATA.superiorities.map((s) => `${symbolLabel(s.id)} (${s.zh}) — ${help[s.effect]}`);
  return [
    '**Superiorities** (each may instead be a card drawn from the deck; at most 2 armies on a stronghold or in a state):',
    ...lines,
  ].join('\n');
}

function dynasties(): string {
  const lines = DATA.dynasties.map((d) => `${dynastyLabel(d.id)} — ${DYNASTY_ABILITY[d.id]}`);
  return [
    '**Dynasty cards** (optional rule, `dynasty-cards:true`): played instead of a dark card, at most once a round; back to your hand when you fall back.',
    ...lines,
  ].join('\n');
}

const ROUND = [
  '**A round**: one state is battled for. Players wage battle or fall back in turn, clockwise from the start player.',
  '• When everyone has fallen back, the **control round** checks every state (see `control`).',
  '• Then the recruiting row is discarded and refilled (2 cards per player); with 2 players a new local resistance is drawn.',
  '• The Spy claimer chooses the start player and the next state; otherwise the last to fall back starts and chooses.',
  '• Only neutral states, or states with fewer than 4 armies on their 6 strongholds, may be chosen (the same one again too).',
].join('\n');

const CONTROL = [
  '**Control round** (every state at once):',
  '• A neutral state changes only with at least 4 armies on its strongholds; a controlled one at any count.',
  '• Each dynasty scores 1 per stronghold of the state where it has an army (a stack counts once); the state’s top army adds 1 (neutral counts).',
  '• The highest score takes the state; a tie is broken by the army beneath (if its owner is tied), else nothing changes.',
  '• The new controller’s army replaces every army in the state (neutral armies leave the game; others go back to supply).',
].join('\n');

const END = [
  '**End of the game**: a dynasty controls 3 / 4 / 5 states with 5 / 4 / 3 players (7 with 2), or no neutral army is left, or every state has 8 or more armies around it; also after 3 rounds without a change on the board, or after round 40.',
  '• Most states wins: that dynasty unites China and becomes the First Emperor.',
  '• Tied leaders play a tie-break round without placing armies or taking cards; most superiorities claimed wins (and so on). If all run out of cards, most strongholds held wins.',
].join('\n');

export function rulesText(topic: RuleTopic = 'turn'): string {
  switch (topic) {
    case 'superiority':
      return superiorities();
    case 'dynasty':
      return dynasties();
    case 'round':
      return ROUND;
    case 'control':
      return CONTROL;
    case 'end':
      return END;
    default:
      return `${TURN}\n\nMore: \`/cards rules topic:\` superiority · dynasty · round · control · end.`;
  }
}
