/**
 * Message components (buttons, selects) and modals, checked as strictly as Discord checks them
 * (https://discord.com/developers/docs/components/reference):
 * - a message has at most 5 action rows; a row holds 1–5 buttons or exactly one select;
 * - every interactive component has a custom_id of 1–100 characters, unique within its message;
 *   a link button (style 5) has a url and no custom_id; a button label is at most 80 characters;
 * - a string select has 1–25 options (label and value ≤ 100), 0 ≤ min_values ≤ max_values ≤ 25, and no more
 *   options marked `default` (pre-selected) than max_values;
 * - a modal has a title ≤ 45 characters, a custom_id ≤ 100 and 1–5 text inputs (label ≤ 45,
 *   lengths 0–4000), each in an action row (type 1) or a label (type 18).
 * Components are kept beside the fake's messages (a WeakMap), so the message model stays as it is.
 */
import type { FakeMessage } from './model.js';

export const MAX_ROWS = 5;
export const MAX_BUTTONS_PER_ROW = 5;
export const MAX_CUSTOM_ID = 100;
const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);

export interface FakeButton {
  type: 2;
  style: number;
  label: string;
  customId?: string;
  url?: string;
  disabled: boolean;
}

export interface FakeSelect {
  type: 3 | 5 | 6 | 7 | 8;
  customId: string;
  options: { label: string; value: string; description?: string; default?: boolean }[];
  minValues: number;
  maxValues: number;
  disabled: boolean;
}

export type FakeComponent = FakeButton | FakeSelect;

export interface FakeActionRow {
  components: FakeComponent[];
}

export interface FakeTextInput {
  customId: string;
  label: string;
  /** 1 = one line, 2 = paragraph. */
  style: number;
  required: boolean;
  minLength: number;
  maxLength: number;
  value?: string;
  /** The grey example shown while the box is empty. */
  placeholder?: string;
}

export interface FakeModal {
  customId: string;
  title: string;
  inputs: FakeTextInput[];
  /** Whether the rows were sent as labels (type 18) rather than action rows (type 1); the submit mirrors it. */
  labelled: boolean;
}

/** A component problem: the REST layer answers it with 400 Invalid Form Body (50035). */
export class ComponentError extends Error {}

function fail(message: string): never {
  throw new ComponentError(message);
}

function customIdOf(raw: Record<string, unknown>, where: string, seen: Set<string>): string {
  const id = raw.custom_id;
  if (typeof id !== 'string' || id.length < 1 || id.length > MAX_CUSTOM_ID) {
    fail(
      `${where}.custom_id: Must be between 1 and ${MAX_CUSTOM_ID} in length (got ${typeof id === 'string' ? id.length : typeof id})`,
    );
  }
  if (seen.has(id)) fail(`${where}.custom_id: Component custom id cannot be duplicated (${id})`);
  seen.add(id);
  return id;
}

/** Validates the `components` of a message payload; throws ComponentError with Discord's kind of message. */
export function parseMessageComponents(raw: unknown): FakeActionRow[] {
  if (!Array.isArray(raw)) fail('components: must be an array');
  if (raw.length > MAX_ROWS) fail(`components: Must be ${MAX_ROWS} or fewer in length (got ${raw.length})`);
  const seen = new Set<string>();
  return raw.map((row: Record<string, unknown>, r) => {
    const where = `components.${r}`;
    if (row?.type !== 1) fail(`${where}.type: a message's top-level components must be action rows (type 1)`);
    const children = row.components;
    if (!Array.isArray(children) || children.length === 0)
      fail(`${where}.components: Must be between 1 and ${MAX_BUTTONS_PER_ROW} in length`);
    const hasSelect = children.some((c: Record<string, unknown>) => SELECT_TYPES.has(Number(c?.type)));
    if (hasSelect && children.length > 1) fail(`${where}.components: a select menu must be alone in its action row`);
    if (children.length > MAX_BUTTONS_PER_ROW)
      fail(`${where}.components: Must be ${MAX_BUTTONS_PER_ROW} or fewer in length (got ${children.length})`);
    return {
      components: children.map((c: Record<string, unknown>, i) => parseComponent(c, `${where}.components.${i}`, seen)),
    };
  });
}

function parseComponent(c: Record<string, unknown>, where: string, seen: Set<string>): FakeComponent {
  const type = Number(c?.type);
  if (type === 2) {
    const style = Number(c.style);
    if (!(style >= 1 && style <= 6)) fail(`${where}.style: unknown button style ${String(c.style)}`);
    const label = typeof c.label === 'string' ? c.label : '';
    if (label.length > 80) fail(`${where}.label: Must be 80 or fewer in length`);
    if (label === '' && c.emoji === undefined) fail(`${where}: a button needs a label or an emoji`);
    const disabled = c.disabled === true;
    if (style === 5) {
      if (typeof c.url !== 'string' || !/^https?:\/\/[^\s]+$/.test(c.url))
        fail(`${where}.url: a link button needs an http(s) url`);
      if (c.url.length > 512) fail(`${where}.url: Must be 512 or fewer in length`);
      if (c.custom_id !== undefined) fail(`${where}.custom_id: a link button cannot have a custom_id`);
      return { type: 2, style, label, url: c.url, disabled };
    }
    if (c.url !== undefined) fail(`${where}.url: only link buttons have a url`);
    return { type: 2, style, label, customId: customIdOf(c, where, seen), disabled };
  }
  if (SELECT_TYPES.has(type)) {
    const customId = customIdOf(c, where, seen);
    const minValues = c.min_values === undefined ? 1 : Number(c.min_values);
    const maxValues = c.max_values === undefined ? 1 : Number(c.max_values);
    if (!(minValues >= 0 && minValues <= 25)) fail(`${where}.min_values: Must be between 0 and 25`);
    if (!(maxValues >= 1 && maxValues <= 25) || maxValues < minValues)
      fail(`${where}.max_values: Must be between min_values and 25`);
    if (typeof c.placeholder === 'string' && c.placeholder.length > 150)
      fail(`${where}.placeholder: Must be 150 or fewer in length`);
    let options: FakeSelect['options'] = [];
    if (type === 3) {
      const raw = c.options;
      if (!Array.isArray(raw) || raw.length < 1 || raw.length > 25)
        fail(`${where}.options: Must be between 1 and 25 in length`);
      const values = new Set<string>();
      options = raw.map((o: Record<string, unknown>, i) => {
        const label = String(o?.label ?? '');
        const value = String(o?.value ?? '');
        if (label.length < 1 || label.length > 100)
          fail(`${where}.options.${i}.label: Must be between 1 and 100 in length`);
        if (value.length < 1 || value.length > 100)
          fail(`${where}.options.${i}.value: Must be between 1 and 100 in length`);
        if (typeof o.description === 'string' && o.description.length > 100)
          fail(`${where}.options.${i}.description: Must be 100 or fewer in length`);
        if (values.has(value)) fail(`${where}.options.${i}.value: duplicated option value ${value}`);
        values.add(value);
        const description = typeof o.description === 'string' ? { description: o.description } : {};
        return { label, value, ...description, ...(o.default === true ? { default: true } : {}) };
      });
      if (maxValues > options.length)
        fail(`${where}.max_values: Must be ${options.length} or fewer (the number of options)`);
      const preselected = options.filter((o) => o.default).length;
      if (preselected > maxValues)
        fail(`${where}.options: ${preselected} default options, more than max_values ${maxValues}`);
    }
    return { type: type as FakeSelect['type'], customId, options, minValues, maxValues, disabled: c.disabled === true };
  }
  return fail(`${where}.type: component type ${String(c?.type)} cannot go in an action row`);
}

/** Validates a modal (interaction callback type 9). */
export function parseModal(raw: unknown): FakeModal {
  const data = (raw ?? {}) as Record<string, unknown>;
  const title = typeof data.title === 'string' ? data.title : '';
  if (title.length < 1 || title.length > 45)
    fail(`data.title: Must be between 1 and 45 in length (got ${title.length})`);
  const customId = customIdOf(data, 'data', new Set());
  const rows = data.components;
  if (!Array.isArray(rows) || rows.length < 1 || rows.length > 5)
    fail('data.components: Must be between 1 and 5 in length');
  const seen = new Set<string>();
  let labelled = false;
  const inputs = rows.map((row: Record<string, unknown>, r) => {
    const where = `data.components.${r}`;
    let input: Record<string, unknown>;
    let label: unknown;
    if (row?.type === 1) {
      const children = row.components;
      if (!Array.isArray(children) || children.length !== 1)
        fail(`${where}.components: a modal action row holds exactly one text input`);
      input = children[0] as Record<string, unknown>;
      label = input.label;
    } else if (row?.type === 18) {
      labelled = true;
      input = (row.component ?? {}) as Record<string, unknown>;
      label = row.label;
      if (input.label !== undefined)
        fail(`${where}.component.label: a text input inside a label has no label of its own`);
    } else {
      return fail(`${where}.type: a modal holds action rows (1) or labels (18)`);
    }
    if (input?.type !== 4) fail(`${where}: only text inputs (type 4) are supported in modals by the fake`);
    const text = typeof label === 'string' ? label : '';
    if (text.length < 1 || text.length > 45) fail(`${where}.label: Must be between 1 and 45 in length`);
    const style = Number(input.style ?? 1);
    if (style !== 1 && style !== 2) fail(`${where}.style: a text input is short (1) or paragraph (2)`);
    const minLength = input.min_length === undefined ? 0 : Number(input.min_length);
    const maxLength = input.max_length === undefined ? 4000 : Number(input.max_length);
    if (!(minLength >= 0 && minLength <= 4000)) fail(`${where}.min_length: Must be between 0 and 4000`);
    if (!(maxLength >= 1 && maxLength <= 4000) || maxLength < minLength)
      fail(`${where}.max_length: Must be between 1 and 4000 and at least min_length`);
    if (typeof input.placeholder === 'string' && input.placeholder.length > 100)
      fail(`${where}.placeholder: Must be 100 or fewer in length`);
    if (typeof input.value === 'string' && input.value.length > maxLength)
      fail(`${where}.value: longer than max_length`);
    return {
      customId: customIdOf(input, where, seen),
      label: text,
      style,
      required: input.required !== false,
      minLength,
      maxLength,
      ...(typeof input.value === 'string' ? { value: input.value } : {}),
      ...(typeof input.placeholder === 'string' ? { placeholder: input.placeholder } : {}),
    };
  });
  return { customId, title, inputs, labelled };
}

const componentsByMessage = new WeakMap<FakeMessage, FakeActionRow[]>();

export function componentsOf(message: FakeMessage): FakeActionRow[] {
  return componentsByMessage.get(message) ?? [];
}

/** Sets a message's components (`undefined`: the payload did not mention them, keep what it has). */
export function setComponents(message: FakeMessage, rows: FakeActionRow[] | undefined): void {
  if (rows !== undefined) componentsByMessage.set(message, rows);
}

export function findComponent(message: FakeMessage, customId: string): FakeComponent | undefined {
  return componentsOf(message)
    .flatMap((r) => r.components)
    .find((c) => 'customId' in c && c.customId === customId);
}

/** Every button of a message, in reading order. */
export function buttonsOf(message: FakeMessage): FakeButton[] {
  return componentsOf(message)
    .flatMap((r) => r.components)
    .filter((c): c is FakeButton => c.type === 2);
}

/** The components as Discord returns them in message JSON. */
export function componentsJson(rows: FakeActionRow[]): unknown[] {
  return rows.map((row) => ({
    type: 1,
    components: row.components.map((c) =>
      c.type === 2
        ? {
            type: 2,
            style: c.style,
            label: c.label,
            disabled: c.disabled,
            ...(c.customId ? { custom_id: c.customId } : {}),
            ...(c.url ? { url: c.url } : {}),
          }
        : {
            type: c.type,
            custom_id: c.customId,
            min_values: c.minValues,
            max_values: c.maxValues,
            disabled: c.disabled,
            ...(c.type === 3 ? { options: c.options } : {}),
          },
    ),
  }));
}

/**
 * Which interaction callback types Discord accepts for which interaction type:
 * 2 (command) → 4, 5, 9; 3 (component) → 4, 5, 6, 7, 9; 4 (autocomplete) → 8;
 * 5 (modal submit) → 4, 5, and 6, 7 when the modal was opened from a message component.
 */
export function callbackAllowed(interactionType: number, callbackType: number, fromMessage: boolean): boolean {
  switch (interactionType) {
    // 12 LAUNCH_ACTIVITY: a command or a component may launch the app's Activity (checked against the app elsewhere).
    case 2:
      return [4, 5, 9, 12].includes(callbackType);
    case 3:
      return [4, 5, 6, 7, 9, 12].includes(callbackType);
    case 4:
      return callbackType === 8;
    case 5:
      return [4, 5].includes(callbackType) || (fromMessage && [6, 7].includes(callbackType));
    default:
      return false;
  }
}
