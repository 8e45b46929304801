/**
 * The card game's private views are plain message payloads (content + components as Discord JSON), built by pure
 * functions over the engine's state, so every view is tested without Discord and the stand-in checks the limits:
 * ≤ 25 options per select, ≤ 5 action rows, custom ids ≤ 100 characters (`cards:<action>:<game>:<version>:…`).
 */
import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type APISelectMenuOption,
} from 'discord.js';
import { customId } from '../components.js';
import { tr, type Locale } from '../../i18n/index.js';

export const CARDS_COMMAND = 'cards';

/**
 * The card game's actions as custom ids name them (`cards:<code>:…`). The codes are short, since a custom id holds at
 * most 100 characters and a fall back's carries a digest and a page, and they are stable: buttons already posted keep
 * their ids, so a code never changes meaning (test/bot/cards-views.test.ts pins them). The first letter names the
 * wizard a step belongs to (`p` play, `f` fall back, `g` give, `c` choose): a stale step reopens that wizard.
 */
export const CARD_ACTIONS = {
  /** A public table's or a turn ping's button: `cards:t:<game>:<what>` (table.ts `TableButton`). */
  table: 't',
  /** The lobby's join select (a dynasty, or `any`). */
  joinDynasty: 'jd',
  /** `/concede`'s confirm button (components.ts confirmations). */
  concede: 'concede',
  /** The caller's hand (also every wizard's way back to it). */
  hand: 'hv',
  /** Play: open at a page of the bright cards, the bright card chosen, back to it, the second card. */
  playOpen: 'po',
  playBright: 'pb',
  playBack: 'pk',
  playSecond: 'ps',
  /** Play with a dynasty card: Qin's card to take, then to give; Yan's card to take back. */
  playTake: 'pq',
  playGive: 'pg',
  playTakeBack: 'py',
  playConfirm: 'pc',
  playCancel: 'px',
  /** Fall back: open (or resume), a screen's picks, Next (defaults), Back, Preview board, Fall back, Cancel. */
  fallOpen: 'fo',
  fallPick: 'fc',
  fallNext: 'fN',
  fallBack: 'fB',
  fallPreview: 'fv',
  fallDone: 'fD',
  fallCancel: 'fx',
  /** The setup give: open, the 2 cards chosen, the defaults. */
  giveOpen: 'go',
  givePick: 'gv',
  giveDefaults: 'gd',
  /** The choice of the next battle: open, the start player (after Spy), the state, the default state. */
  chooseOpen: 'co',
  chooseStart: 'cs',
  chooseState: 'ct',
  chooseDefault: 'cD',
} as const;

export type CardAction = (typeof CARD_ACTIONS)[keyof typeof CARD_ACTIONS];
export const MAX_OPTIONS = 25;
const MAX_LABEL = 100;

export type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

export interface View {
  content: string;
  components: Row[];
}

/** The game and the table version a view was built on: a click on an older version is stale. */
export interface TableRef {
  gameId: number;
  version: number;
}

export function cid(action: CardAction, ...args: (string | number)[]): string {
  return customId(CARDS_COMMAND, action, ...args);
}

/** A custom id bound to a table version: `cards:<action>:<game>:<version>:…`. */
export function vid(ref: TableRef, action: CardAction, ...args: (string | number)[]): string {
  return cid(action, ref.gameId, ref.version, ...args);
}

export function fit(text: string, max = MAX_LABEL): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export interface Option {
  label: string;
  value: string;
  description?: string;
  default?: boolean;
}

export function option(o: Option): APISelectMenuOption {
  return {
    label: fit(o.label),
    value: o.value,
    ...(o.description ? { description: fit(o.description) } : {}),
    ...(o.default ? { default: true } : {}),
  };
}

export function selectRow(
  id: string,
  placeholder: string,
  options: Option[],
  range: { min?: number; max?: number } = {},
): Row {
  if (options.length === 0 || options.length > MAX_OPTIONS)
    throw new Error(`a select takes 1 to ${MAX_OPTIONS} options, not ${options.length}`);
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.StringSelect,
        custom_id: id,
        placeholder: fit(placeholder, 150),
        min_values: range.min ?? 1,
        max_values: range.max ?? 1,
        options: options.map(option),
      },
    ],
  };
}

export interface Button {
  id: string;
  label: string;
  style?: 'primary' | 'secondary' | 'success' | 'danger';
  emoji?: string;
  disabled?: boolean;
}

const STYLE = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
} as const;

export function buttonRow(buttons: Button[]): Row {
  if (buttons.length === 0 || buttons.length > 5) throw new Error(`a row holds 1 to 5 buttons, not ${buttons.length}`);
  return {
    type: ComponentType.ActionRow,
    components: buttons.map((b) => ({
      type: ComponentType.Button,
      custom_id: b.id,
      label: fit(b.label, 80),
      style: STYLE[b.style ?? 'secondary'],
      ...(b.emoji ? { emoji: { name: b.emoji } } : {}),
      ...(b.disabled ? { disabled: true } : {}),
    })),
  };
}

/** A select over any number of options: pages of 25, with ◀ ▶ buttons whose custom ids carry the page. */
export function pagedSelect(
  options: Option[],
  page: number,
  ids: { select: (page: number) => string; page: (page: number) => string },
  placeholder: string,
  locale: Locale = 'en',
): { rows: Row[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(options.length / MAX_OPTIONS));
  const p = Math.min(Math.max(0, page), pages - 1);
  const slice = options.slice(p * MAX_OPTIONS, (p + 1) * MAX_OPTIONS);
  const rows = [
    selectRow(
      ids.select(p),
      pages > 1 ? tr(locale, 'cards.page.of', { placeholder, page: p + 1, pages }) : placeholder,
      slice,
    ),
  ];
  if (pages > 1) {
    rows.push(
      buttonRow([
        { id: ids.page(p - 1), label: tr(locale, 'cards.page.previous'), disabled: p === 0 },
        { id: ids.page(p + 1), label: tr(locale, 'cards.page.next'), disabled: p === pages - 1 },
      ]),
    );
  }
  return { rows, page: p, pages };
}
