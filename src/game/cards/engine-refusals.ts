/**
 * The engine's refusals a player can meet, worded in the reader's locale. The engine (src/cardgame) refuses an action
 * with an English sentence for the CLI; the wizards offer only legal choices, so a player meets one only when several
 * fall-back choices made in one menu do not fit together (the armies fill a stronghold Fire wanted, more armies than
 * the supply). Those sentences are read back here through patterns, as the results post reads the adjudicator's
 * reasons (docs/locales.md): the English stays the engine's sentence, the other locales get `cards.engine.*`. A
 * sentence no pattern knows stays English, in the notation players read (`inNotation`).
 */
import { DYNASTIES, SYMBOLS, type DynastyId, type SymbolId } from '../../cardgame/index.js';
import type { Refusal } from '../core/index.js';
import { msg, t, type Localized, type MessageKey, type Msg } from '../../i18n/index.js';
import { msgList, msgStack, otherwise, symbolMsg } from './names.js';
import { inNotation } from './notation.js';

/** An owner as the engine names it ("Qin", "neutral") as a message, or the name itself when it is neither. */
function ownerMsg(name: string): Msg | string {
  const dynasty = DYNASTIES.find((d) => d === name.toLowerCase()) as DynastyId | undefined;
  if (dynasty) return msg(`cards.dynasty.${dynasty}` as MessageKey);
  return name === 'neutral' ? msg('cards.owner.neutral') : name;
}

/** An owner as the engine names it ("Qin", "neutral"): the engine's English, the catalogue's name elsewhere. */
function ownerParam(name: string): Localized | string {
  const other = ownerMsg(name);
  return typeof other === 'string' ? name : otherwise(name, other);
}

/** A superiority as the engine names it ("Cavalry", "Forest"), in each locale's words. */
function symbolParam(name: string): Localized | string {
  const symbol = SYMBOLS.find((s) => s === name.toLowerCase()) as SymbolId | undefined;
  return symbol ? otherwise(name, symbolMsg(symbol)) : name;
}

/** Stronghold numbers the engine lists ("4, 9", "4 or 9", or "none"), in each locale's list. */
function numbersParam(text: string): Localized {
  const numbers = text.match(/\d+/g) ?? [];
  if (numbers.length === 0) return otherwise(text, msg('cards.list.none'));
  if (!/ or /.test(text)) return otherwise(text, msgList(numbers));
  return otherwise(text, msg('cards.engine.or', { a: numbers.slice(0, -1).join(', '), b: numbers.at(-1)! }));
}

/** What stands on a stronghold as the engine says it ("Qin + neutral", "nothing"). */
function armiesParam(text: string): Localized {
  if (text === 'nothing') return otherwise(text, msg('cards.stronghold.empty'));
  return otherwise(text, msgStack(text.split(' + ').map(ownerMsg)));
}

type Pattern = [RegExp, MessageKey, (m: RegExpExecArray) => Msg['params']];

const PATTERNS: readonly Pattern[] = [
  [
    /^(\w+) has no army left in supply to place with (\w+); take the draw instead\.$/,
    'cards.engine.noSupplyWith',
    (m) => ({ who: ownerParam(m[1]!), symbol: symbolParam(m[2]!) }),
  ],
  [
    /^(\w+) has no army left in supply; take the draw for (\w+) instead\.$/,
    'cards.engine.noSupply',
    (m) => ({ who: ownerParam(m[1]!), symbol: symbolParam(m[2]!) }),
  ],
  [/^Stronghold (\d+) already holds 2 armies\.$/, 'cards.engine.full', (m) => ({ h: m[1]! })],
  [
    /^You must choose an empty stronghold if possible: ([\d, ]+) (?:is|are) empty\.$/,
    'cards.engine.emptyFirst',
    (m) => ({ count: (m[1]!.match(/\d+/g) ?? []).length, list: numbersParam(m[1]!) }),
  ],
  [
    /^Fire on (\d+) must move at least one army; none has room, so take the draw instead\.$/,
    'cards.engine.fireNoRoom',
    (m) => ({ h: m[1]! }),
  ],
  [
    /^Fire moves all single opponent armies: (\w+)'s army on (\d+) must move too \(to ([\d or]+)\)\.$/,
    'cards.engine.fireAll',
    (m) => ({ who: ownerParam(m[1]!), h: m[2]!, to: numbersParam(m[3]!) }),
  ],
  [
    /^Mountain stacks on a stronghold holding exactly 1 army of your own; (\d+) holds (.+)\.$/,
    'cards.engine.mountain',
    (m) => ({ h: m[1]!, armies: armiesParam(m[2]!) }),
  ],
  [
    /^Wind cannot reach (\d+) from (\d+): it passes only through empty strongholds and stops at the first army \(reachable: (.+)\)\.$/,
    'cards.engine.windReach',
    (m) => ({ to: m[1]!, from: m[2]!, reachable: numbersParam(m[3]!) }),
  ],
  [/^You have no army on stronghold (\d+) to move with Wind\.$/, 'cards.engine.windNone', (m) => ({ h: m[1]! })],
];

/** The message an engine sentence reads as, or null when no pattern knows it. */
export function engineMessage(sentence: string): Msg | null {
  for (const [pattern, key, params] of PATTERNS) {
    const m = pattern.exec(sentence);
    if (!m) continue;
    const message = msg(key, params(m) as Record<string, never>);
    // The English must stay the engine's sentence; a pattern that drifted from it words nothing.
    return t('en', message) === inNotation(sentence) ? message : null;
  }
  return null;
}

/** An engine refusal as the use-cases return it: a message when a pattern knows it, else the sentence in notation. */
export function engineRefusal(sentence: string): Refusal {
  const message = engineMessage(sentence);
  return message ? { ok: false, error: inNotation(sentence), message } : { ok: false, error: inNotation(sentence) };
}
