/**
 * The pad's panel (docs/pad.md "The page"): the phase, the power and the deadline in the viewer's time; what to
 * click next; the kinds of order (`[data-kind]`), coasts (`[data-coast]`); the stored orders (`[data-order]`, each
 * exactly the line `/orders show` prints); refusals (`[data-refused]`); save, ready and clear (`[data-action]`); the
 * variant's other actions; and a box to type a province's name (the keyboard's way to every target).
 */
import type { ShownPadAction, ShownPadView } from '../../game/pad/index.js';
import { kindsOf, type PadChoice, type PadPiece, type Step } from './flow.js';
import { missingNames, placeName, unbrokenRuns, unitName } from './names.js';
import type { Texts } from './texts.js';

export interface PanelHandlers {
  kind(kind: string): void;
  coast(choice: PadChoice): void;
  finish(): void;
  cancel(): void;
  save(): void;
  ready(): void;
  clear(): void;
  act(action: string, choice: string | null, detail: string | null): void;
  find(province: string): void;
}

function node<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  n.append(...children);
  return n;
}

/**
 * A text of the game as the page shows it: its Markdown emphasis (`**`, code spans) as plain text, and its moments
 * (`⟦time:<ms>:R|f⟧`, src/web/texts.ts `webText`) in the viewer's own time zone and language.
 */
function plain(text: string): string {
  const lang = document.documentElement.lang || 'en';
  return text.replace(/\*\*|`/g, '').replace(/⟦time:(\d+):(R|f)⟧/g, (_whole, ms: string, style: string) => {
    const at = Number(ms);
    if (style === 'f') return moment(lang, at);
    return relativeTime(lang, at - Date.now());
  });
}

/**
 * A moment in the viewer's time zone, with the weekday and the zone's name: a deadline by the clock is stated in
 * the game's zone ("21:00 Europe/Paris, Mon–Fri"), so the viewer's own must be named beside it.
 */
function moment(lang: string, at: number): string {
  return new Intl.DateTimeFormat(lang, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

function relativeTime(lang: string, left: number): string {
  const rel = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  const abs = Math.abs(left);
  if (abs < 3_600_000) return rel.format(Math.round(left / 60_000), 'minute');
  if (abs < 172_800_000) return rel.format(Math.round(left / 3_600_000), 'hour');
  return rel.format(Math.round(left / 86_400_000), 'day');
}

function button(attrs: Record<string, string>, text: string, onClick: () => void): HTMLButtonElement {
  const b = node('button', { type: 'button', ...attrs }, text);
  b.addEventListener('click', onClick);
  return b;
}

export class Panel {
  readonly root: HTMLElement;
  private readonly header = node('header', { class: 'bar' });
  private readonly bannerBox = node('p', { class: 'banner', 'data-banner': '', hidden: '', role: 'alert' });
  private readonly mapSlot = node('div', { class: 'map-slot' });
  private readonly prompt = node('p', { class: 'prompt', 'data-prompt': '' });
  /** The order under way (`[data-draft]`), while its targets are being clicked. */
  private readonly draft = node('p', { class: 'draft', 'data-draft': '', hidden: '' });
  private readonly choices = node('div', { class: 'choices', 'data-choices': '' });
  /** The refusal shown (`[data-refused]` only while there is one: docs/pad.md), announced as an alert. */
  private readonly refusedBox = node('p', { class: 'refused', hidden: '', role: 'alert' });
  /** What was stored or saved: a status (`role="status"`), read out by a screen reader without interrupting. */
  private readonly noteBox = node('p', { class: 'note', 'data-note': '', hidden: '', role: 'status' });
  /** Why a typed name picked nothing (docs/pad.md "Phone and keyboard"), announced as it appears. */
  private readonly findNote = node('p', {
    class: 'refused',
    id: 'pad-find-note',
    'data-find-note': '',
    hidden: '',
    role: 'alert',
  });
  private readonly orders = node('ul', { class: 'orders', 'data-orders': '' });
  private readonly missing = node('p', { class: 'missing', 'data-missing': '' });
  /** What the rings on the map say: dashed, still to order; solid green, ordered (docs/pad.md "The page"). */
  private readonly ringLegend = node('p', { class: 'missing', 'data-ring-legend': '', hidden: '' });
  private readonly buttons = node('div', { class: 'buttons' });
  private readonly actions = node('section', { class: 'actions', 'data-actions': '', hidden: '' });
  private readonly deadlineBox = node('span', { class: 'deadline', 'data-deadline': '' });
  private readonly findInput: HTMLInputElement;
  private provinces: ShownPadView['provinces'] = [];
  private openAction: string | null = null;

  constructor(
    private readonly t: Texts,
    private readonly on: PanelHandlers,
  ) {
    this.findInput = node('input', {
      type: 'search',
      'data-find': '',
      list: 'pad-provinces',
      placeholder: t('pad.page.find'),
      'aria-label': t('pad.page.find'),
      'aria-describedby': 'pad-find-note',
      autocomplete: 'off',
    });
    this.findInput.addEventListener('change', () => this.found());
    this.findInput.addEventListener('keydown', (e) => e.key === 'Enter' && this.found());
    const side = node(
      'aside',
      { class: 'side' },
      this.draft,
      this.prompt,
      this.choices,
      this.refusedBox,
      this.noteBox,
      node('label', { class: 'find' }, this.findInput),
      this.findNote,
      node('h2', {}, t('pad.page.orders')),
      this.orders,
      this.missing,
      this.ringLegend,
      this.buttons,
      this.actions,
    );
    this.root = node(
      'div',
      { class: 'pad' },
      this.header,
      this.bannerBox,
      node('div', { class: 'layout' }, this.mapSlot, side),
    );
  }

  setMap(map: HTMLElement): void {
    this.mapSlot.replaceChildren(map);
  }

  private found(): void {
    const typed = this.findInput.value.trim().toLowerCase();
    if (!typed) return;
    const hit = this.provinces.find((p) =>
      [p.id, p.name, p.localName ?? '', p.shown ?? ''].some((name) => name.toLowerCase() === typed),
    );
    if (!hit) return this.findProblem(this.t('pad.page.noProvince', { name: this.findInput.value.trim() }));
    this.findInput.value = '';
    this.on.find(hit.id);
  }

  /** Why the name typed picked nothing (`null`: it picked something), beside the box, announced (`role="alert"`). */
  findProblem(text: string | null): void {
    this.findNote.hidden = text === null;
    this.findNote.textContent = text ?? '';
  }

  render(view: ShownPadView, step: Step): void {
    this.provinces = view.provinces;
    this.findProblem(null);
    this.renderHeader(view);
    this.renderStep(view, step);
    this.renderOrders(view);
    this.renderButtons(view);
    this.renderActions(view.actions);
    this.deadline(view, 0);
  }

  private renderHeader(view: ShownPadView): void {
    const list = node('datalist', { id: 'pad-provinces' });
    for (const p of view.provinces) list.append(node('option', { value: p.shown ?? p.name }));
    this.header.replaceChildren(
      node('h1', {}, `${view.game.variantName} · ${view.phase.label}`),
      node('p', { class: 'power', 'data-power': view.power }, this.t('pad.page.power', { power: view.powerName })),
      this.deadlineBox,
      list,
    );
    if (view.phase.closed) this.banner(plain(view.phase.closed));
  }

  /**
   * An order about to be stored, named as the order under way is (`A Marseille · Soutenir · Paris · Bourgogne`), for
   * the note said from the click on: the stored line, worded by the server, replaces it.
   */
  orderName(view: ShownPadView, piece: PadPiece, choice: PadChoice): string {
    const parts = [piece.site ? placeName(view, piece.province) : unitName(view, piece.unit.type, piece.province)];
    parts.push(this.kindLabel(choice.kind));
    const places = choice.path ?? [
      ...(choice.target !== undefined ? [choice.target] : []),
      ...(choice.to !== undefined && choice.to !== choice.target ? [choice.to] : []),
    ];
    for (const p of places) parts.push(placeName(view, p));
    return parts.join(' · ');
  }

  private kindLabel(kind: string): string {
    const key = `pad.kind.${kind}`;
    const text = this.t(key);
    return text === key ? kind : text;
  }

  /** A coast's button: its name in the page's language (`North coast`, `Côte nord`, `北岸`), else its id upper-cased. */
  private coastLabel(coast: string): string {
    const key = `pad.coast.${coast}`;
    const text = this.t(key);
    return text === key ? coast.toUpperCase() : text;
  }

  private renderStep(view: ShownPadView, step: Step): void {
    const cancel = () =>
      button({ 'data-action': 'cancel', class: 'quiet' }, this.t('pad.action.cancel'), this.on.cancel);
    this.draft.textContent = step.at === 'target' || step.at === 'coast' ? this.underWay(view, step) : '';
    this.draft.hidden = this.draft.textContent === '';
    if (step.at === 'idle') {
      this.prompt.textContent = this.idlePrompt(view);
      this.choices.replaceChildren();
      return;
    }
    if (step.at === 'kind') {
      const { unit, province } = step.piece;
      const name = placeName(view, province);
      // A free centre is no unit yet: the question names the place, not the army a build there would make; a
      // neutral unit's order is the viewer's secret vote, which the question says before the kind is chosen.
      this.prompt.textContent = step.piece.site
        ? this.t('pad.page.pickSite', { place: name })
        : this.t(step.piece.ballot ? 'pad.page.pickBallot' : 'pad.page.pickKind', {
            unit: unitName(view, unit.type, province),
          });
      this.choices.replaceChildren(
        ...kindsOf(step.piece).map((kind) =>
          button({ 'data-kind': kind }, this.kindLabel(kind), () => this.on.kind(kind)),
        ),
        cancel(),
      );
      return;
    }
    if (step.at === 'coast') {
      this.prompt.textContent = this.t('pad.page.pickCoast');
      this.choices.replaceChildren(
        ...step.options.map((o) =>
          button({ 'data-coast': o.coast }, this.coastLabel(o.coast), () => this.on.coast(o.choice)),
        ),
        cancel(),
      );
      return;
    }
    this.prompt.textContent = this.t(`pad.page.${step.prompt}`);
    const finish = step.finish
      ? [button({ 'data-action': 'finish' }, this.t('pad.action.finish'), this.on.finish)]
      : [];
    this.choices.replaceChildren(...finish, cancel());
  }

  /**
   * What to click first, for the phase and the pieces at hand (docs/pad.md "The page"): nothing to order says so
   * (`/ready`'s own sentence); free centres alone, units to disband, dislodged units, neutral units to vote on are
   * each named, so a new player knows which of the ringed marks are theirs to click.
   */
  private idlePrompt(view: ShownPadView): string {
    const { pieces } = view;
    const given = this.adjustmentsGiven(view);
    if (given) return given;
    if (pieces.length === 0)
      return view.actions.length > 0
        ? this.t('pad.page.pickAction', { section: this.t('pad.page.actions') })
        : this.t('pad.ready.nothingToDecide', { power: view.powerName });
    const units = pieces.filter((p) => !p.site);
    if (view.phase.type === 'adjustment') {
      if (units.length === 0) return this.t('pad.page.pickCentre');
      if (pieces.length === units.length && units.every((p) => p.choices.every((c) => c.kind === 'disband')))
        return this.t('pad.page.pickDisband');
      return this.t(units.length === pieces.length ? 'pad.page.pickUnit' : 'pad.page.pickBuild');
    }
    if (view.phase.type === 'retreat') return this.t('pad.page.pickRetreat');
    return this.t(pieces.some((p) => p.ballot) ? 'pad.page.pickUnitOrBallot' : 'pad.page.pickUnit');
  }

  /**
   * An adjustment whose builds or disbands are all given (the view then offers only what changes them): says so, and
   * how to change them, instead of asking for a free centre no build may go to now; null otherwise. A seat that also
   * votes on neutral units is asked for those as before.
   */
  private adjustmentsGiven(view: ShownPadView): string | null {
    const { pieces } = view;
    if (view.phase.type !== 'adjustment' || view.missing.length > 0 || view.orders.length === 0) return null;
    if (pieces.some((p) => p.ballot)) return null;
    const key = pieces.length > 0 && pieces.every((p) => !p.site) ? 'pad.page.disbandsGiven' : 'pad.page.buildsGiven';
    return this.t(key, { clear: this.t('pad.action.clear') });
  }

  /** The order under way, as far as it is chosen (`A Marseilles · Support · Paris`), above what to click next. */
  private underWay(view: ShownPadView, step: Extract<Step, { at: 'target' | 'coast' }>): string {
    const { unit, province } = step.piece;
    const parts = [step.piece.site ? placeName(view, province) : unitName(view, unit.type, province)];
    const first = step.at === 'coast' ? step.options[0]?.choice : step.choices[0];
    if (first) parts.push(this.kindLabel(first.kind));
    const picked =
      step.at === 'coast'
        ? [first?.target, first?.to]
        : step.stage === 'to'
          ? [first?.target]
          : step.stage === 'path'
            ? step.picked
            : [];
    for (const p of picked) if (p !== undefined) parts.push(placeName(view, p));
    return parts.join(' · ');
  }

  private renderOrders(view: ShownPadView): void {
    const items = view.orders.map((o) => {
      const li = node('li', { 'data-order': o.order }, o.order);
      // A space before the note, but none before a full-width bracket, which carries its own (`（你为…）`).
      if (o.note) li.append(o.note.startsWith('（') ? '' : ' ', node('span', { class: 'vote' }, o.note));
      return li;
    });
    this.orders.replaceChildren(
      ...(items.length > 0 ? items : [node('li', { class: 'none' }, this.t('pad.page.noOrders'))]),
    );
    // A seat with nothing to order is not told that "every unit has an order" beside "no orders yet".
    const names = missingNames(view);
    const said =
      view.missing.length > 0
        ? this.t('pad.page.missing', { units: names.join(this.t('pad.page.listSeparator')) })
        : view.pieces.length > 0 && !this.adjustmentsGiven(view)
          ? this.t('pad.page.allOrdered')
          : '';
    // Each unit's name on one line (`F The Hung`, never `F The` / `Hung`); a build or disband left wraps as a sentence.
    const units = names.filter((_, i) => /^[AF] \S+$/.test(view.missing[i] ?? ''));
    this.missing.replaceChildren(
      ...unbrokenRuns(said, units).map((r) => (r.keep ? node('span', { class: 'unbroken' }, r.text) : r.text)),
    );
    this.ringLegend.hidden = view.pieces.length === 0;
    this.ringLegend.textContent = this.t('pad.page.ringLegend');
  }

  private renderButtons(view: ShownPadView): void {
    const ready = button(
      { 'data-action': 'ready', 'aria-pressed': String(view.ready), class: view.ready ? 'on' : '' },
      this.t(view.ready ? 'pad.action.notReady' : 'pad.action.ready'),
      this.on.ready,
    );
    if (view.readyRefused && !view.ready) ready.title = plain(view.readyRefused);
    const save = button({ 'data-action': 'save', class: 'primary' }, this.t('pad.action.save'), this.on.save);
    const clear = button({ 'data-action': 'clear', class: 'quiet' }, this.t('pad.action.clear'), this.on.clear);
    // Orders closed (a step such as Warhammer's declarations, or the deadline): save, ready and clear would only be
    // refused, so they are disabled, each saying why (its title), and the ready hint points to the banner's reason
    // (docs/pad.md "The page").
    const closed = view.phase.closed === null ? null : plain(view.phase.closed);
    const readyHint = view.ready
      ? view.readyAtMark
        ? 'pad.page.readyYesHidden'
        : 'pad.page.readyYes'
      : 'pad.page.readyNo';
    if (closed !== null)
      for (const b of [save, ready, clear]) {
        b.disabled = true;
        b.title = closed;
      }
    this.buttons.replaceChildren(
      save,
      ready,
      clear,
      node(
        'p',
        { class: 'ready-state', 'data-ready-state': String(view.ready), ...(closed ? { 'data-closed': '' } : {}) },
        this.t(closed !== null ? 'pad.page.buttonsClosed' : readyHint),
      ),
    );
  }

  /** The variant's actions open now: one `[data-kind]` per action, then its choices (`[data-choice]`). */
  private renderActions(actions: ShownPadAction[]): void {
    this.actions.hidden = actions.length === 0;
    if (actions.length === 0) return this.actions.replaceChildren();
    const open = actions.find((a) => a.name === this.openAction) ?? null;
    const rows: Node[] = [node('h2', {}, this.t('pad.page.actions'))];
    for (const a of actions) {
      rows.push(
        node(
          'p',
          { class: 'action-line' },
          button({ 'data-kind': a.name }, a.title, () => this.pickAction(a, actions)),
          ` ${plain(a.description)}`,
        ),
      );
    }
    if (open) rows.push(this.actionChoices(open));
    this.actions.replaceChildren(...rows);
  }

  private pickAction(action: ShownPadAction, all: ShownPadAction[]): void {
    if (!action.choice) return this.on.act(action.name, null, null);
    this.openAction = action.name;
    this.renderActions(all);
  }

  private actionChoices(action: ShownPadAction): HTMLElement {
    const box = node('div', { class: 'choices', 'data-action-choices': action.name });
    let detail: HTMLSelectElement | null = null;
    if (action.detail && action.detail.options.length > 0) {
      detail = node('select', { 'data-detail': '', 'aria-label': action.detail.label });
      if (!action.detail.required) detail.append(node('option', { value: '' }, action.detail.label));
      for (const o of action.detail.options) detail.append(node('option', { value: o.value }, plain(o.name)));
      box.append(detail);
    }
    for (const o of action.choice?.options ?? [])
      box.append(
        button({ 'data-choice': o.value }, plain(o.name), () =>
          this.on.act(action.name, o.value, detail?.value || null),
        ),
      );
    return box;
  }

  deadline(view: ShownPadView, skew: number): void {
    const lang = document.documentElement.lang || 'en';
    if (view.phase.deadline === null) {
      this.deadlineBox.textContent = this.t('pad.page.noDeadline');
      return;
    }
    const left = view.phase.deadline - (Date.now() + skew);
    const date = moment(lang, view.phase.deadline);
    const relative = relativeTime(lang, left);
    const deadline = this.t('pad.page.deadline', { date, relative });
    this.deadlineBox.textContent = view.phase.rule ? `${deadline} · ${view.phase.rule}` : deadline;
    this.deadlineBox.dataset.deadline = String(view.phase.deadline);
  }

  banner(text: string, reload = false): void {
    this.bannerBox.hidden = false;
    this.bannerBox.replaceChildren(text);
    if (reload)
      this.bannerBox.append(
        ' ',
        button({ 'data-action': 'reload' }, this.t('pad.action.reload'), () => location.reload()),
      );
  }

  /**
   * The link no longer opens this seat: its refusal (`[data-refused]`) shown once, in the banner at the top, which
   * says what to do (docs/pad.md "A phase that moves on"); the panel's refusal line is left empty.
   */
  linkRefused(text: string): void {
    this.note('');
    this.noteBox.hidden = true;
    this.bannerBox.hidden = false;
    this.bannerBox.setAttribute('data-refused', '');
    this.bannerBox.replaceChildren(plain(text));
  }

  refused(text: string): void {
    this.noteBox.hidden = true;
    this.refusedBox.hidden = false;
    this.refusedBox.setAttribute('data-refused', '');
    this.refusedBox.textContent = plain(text);
  }

  note(text: string): void {
    this.refusedBox.hidden = true;
    this.refusedBox.removeAttribute('data-refused');
    this.refusedBox.textContent = '';
    this.noteBox.hidden = false;
    this.noteBox.textContent = plain(text);
  }
}
