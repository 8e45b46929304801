/**
 * The order pad's page (docs/pad.md "The page"): the board, the viewer's pieces, and the order flow by clicks
 * (./flow.ts) or by keyboard, every order stored as it is completed through the API (the same use-cases as
 * `/order`), the stored orders listed exactly as `/orders show` lists them. A page opened from a link reads its
 * link from its own address and sends it in a header; inside Discord (the Activity) it signs in first (./activity.ts).
 */
import type { ShownPadView } from '../../game/pad/index.js';
import type { PageBoard, PageLayer } from '../../render/index.js';
import { Api, type ApiAnswer } from './api.js';
import { Panel } from './panel.js';
import { PadMap } from './map.js';
import { placeName } from './names.js';
import {
  chooseKind,
  keepStep,
  litProvinces,
  pickedProvinces,
  pickProvince,
  type Outcome,
  type PadChoice,
  type Step,
} from './flow.js';
import { texts, type Texts } from './texts.js';

const POLL_MS = 15_000;
/** The answers of a link that no longer opens this seat (docs/pad.md "Refusals"): reloading would not help. */
const LINK_GONE = new Set([401, 403, 404, 410]);
/** The prefix of a ballot's unit key (src/game/phase/duties.ts `BALLOT`): the page imports no game code. */
const BALLOT = 'vote:';

/** `POST /api/orders`'s answer. */
interface StoredAnswer {
  view?: ShownPadView;
  stored: string[];
  rejected: { error: string }[];
  orders: ShownPadView['orders'];
  missing: string[];
  missingShown: string[];
}

class Pad {
  private step: Step = { at: 'idle' };
  private map: PadMap | null = null;
  private readonly panel: Panel;
  private stale = false;
  private skew = 0;
  /** The deadline's passing under the page has been shown (once: the panel is not drawn again every second). */
  private closedShown = false;

  constructor(
    private readonly api: Api,
    private view: ShownPadView,
    private readonly t: Texts,
  ) {
    this.skew = view.now - Date.now();
    this.panel = new Panel(t, {
      kind: (kind) => this.kind(kind),
      coast: (choice) => this.store(choice),
      finish: () => this.step.at === 'target' && this.step.finish && this.store(this.step.finish),
      cancel: () => this.go({ at: 'idle' }),
      save: () => this.save(),
      ready: () => this.ready(),
      // The note said what was stored or saved last; once cleared it says so, never "Saved" over an empty list.
      clear: () =>
        this.change(this.api.post('/api/clear', { phaseId: this.view.phase.id }), this.t('pad.page.cleared')),
      act: (action, choice, detail) => this.act(action, choice, detail),
      find: (province) => this.find(province),
    });
  }

  async start(root: HTMLElement): Promise<void> {
    root.replaceChildren(this.panel.root);
    this.panel.render(this.shown(), this.step);
    await this.loadMap();
    window.setInterval(() => void this.poll(), POLL_MS);
    window.setInterval(() => this.tick(), 1000);
    document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && void this.poll());
  }

  private async loadMap(): Promise<void> {
    // A page whose phase moved on keeps the map of its header and orders; Reload brings the new board.
    if (this.stale) return;
    // The phase's board, shared by every seat (the browser keeps it: ETag), and this seat's layer over it (docs/pad.md).
    const [board, layer] = await Promise.all([
      this.api.revalidated<PageBoard>('/api/map'),
      this.api.get<PageLayer>('/api/map/orders'),
    ]);
    if (!board.ok || !layer.ok) return this.panel.banner(this.t('pad.page.mapFailed'));
    // The phase resolved between the page's view and this call: its map is the next phase's board, not drawn under
    // this phase's header and orders (docs/pad.md "A phase that moves on").
    if (layer.phase !== undefined && layer.phase !== this.view.phase.id)
      return this.markStale(this.t('pad.page.newPhase'));
    const map = new PadMap(
      { scene: { ...board.body.scene, ...layer.body }, spots: board.body.spots },
      this.view,
      { unit: (p) => this.unit(p), province: (p) => this.province(p) },
      {
        zoomIn: this.t('pad.page.zoomIn'),
        zoomOut: this.t('pad.page.zoomOut'),
        zoomFit: this.t('pad.page.zoomFit'),
      },
    );
    const kept = this.map?.viewState();
    const focused = this.map ? focusedOn(this.map.root) : null;
    this.map = map;
    this.panel.setMap(map.root);
    if (kept) map.restore(kept);
    else {
      map.setZoom(map.startZoom());
      map.reveal(this.openingPlaces(), false);
      map.belowTitle();
    }
    this.showMap();
    // A keyboard on the old map (a target, a unit, a zoom button) stays where it was on the new one, never dropped to
    // the page's top when a map asked for by an earlier order arrives (docs/pad.md "Phone and keyboard").
    if (focused) map.root.querySelector<HTMLElement | SVGElement>(focused)?.focus({ preventScroll: true });
    await map.draw();
    // Ready: the board drawn and the viewer's units clickable; when, in ms since navigation (bench/pad.ts reads it).
    document.body.dataset.readyMs ??= String(Math.round(performance.now()));
    document.body.dataset.ready = 'true';
  }

  private showMap(): void {
    const lit = this.step.at === 'target' ? litProvinces(this.step) : null;
    const selected = this.step.at === 'idle' ? null : this.step.piece.province;
    const pieces = this.open() ? this.view.pieces : [];
    const ordered = new Set(this.view.orders.map((o) => o.unit));
    const has = (p: ShownPadView['pieces'][number]) => ordered.has(p.ballot ? `${BALLOT}${p.province}` : p.province);
    this.map?.show({
      selected,
      lit,
      picked: new Set(pickedProvinces(this.step)),
      pieces: new Set(pieces.map((p) => p.province)),
      // Still to order (a dashed ring): a piece without an order while orders are missing, or a neutral unit not voted
      // on yet; one with an order is ringed solid, as Backstabbr ticks the ordered units (docs/pad.md "The page").
      todo: new Set(pieces.filter((p) => !has(p) && (p.ballot || this.view.missing.length > 0)).map((p) => p.province)),
      ordered: new Set(pieces.filter(has).map((p) => p.province)),
    });
  }

  private open(): boolean {
    return !this.stale && this.view.phase.closed === null && !this.deadlinePassed();
  }

  private deadlinePassed(): boolean {
    return this.view.phase.deadline !== null && Date.now() + this.skew >= this.view.phase.deadline;
  }

  /**
   * The view as the panel shows it: once the deadline has passed under the page, orders are closed as the server will
   * say at the next read, so save, ready and clear are off with the reason (docs/pad.md "The page").
   */
  private shown(): ShownPadView {
    if (this.view.phase.closed !== null || !this.deadlinePassed()) return this.view;
    return { ...this.view, phase: { ...this.view.phase, closed: this.t('pad.page.deadlinePassed') } };
  }

  private go(step: Step): void {
    this.step = step;
    this.panel.render(this.shown(), step);
    this.showMap();
    this.keepFocus();
  }

  /**
   * The control a keyboard was on is gone (a kind's button, replaced by the next step's): focus goes on to what the
   * step asks for, the first lit target or kind (docs/pad.md "Phone and keyboard"), never lost to the page's top.
   */
  private keepFocus(): void {
    if (this.step.at === 'idle' || (document.activeElement && document.activeElement !== document.body)) return;
    const next =
      this.step.at === 'target'
        ? this.map?.root.querySelector<SVGElement>('[data-province][aria-disabled="false"]')
        : this.panel.root.querySelector<HTMLElement>('[data-choices] button');
    next?.focus({ preventScroll: true });
  }

  private follow(outcome: Outcome | null): void {
    if (!outcome) return;
    if ('done' in outcome) void this.store(outcome.done);
    else this.go(outcome.step);
  }

  private unit(province: string): void {
    if (!this.open()) return;
    const piece = this.view.pieces.find((p) => p.province === province);
    if (piece) this.go({ at: 'kind', piece });
  }

  private province(province: string): void {
    if (this.step.at === 'target') return this.follow(pickProvince(this.step, province));
    this.unit(province);
  }

  private kind(kind: string): void {
    if (this.step.at === 'kind' || this.step.at === 'target' || this.step.at === 'coast')
      this.follow(chooseKind(this.step.piece, kind));
  }

  /**
   * Typing a province's name: the same as clicking its target; a province that cannot be clicked now says why (not a
   * possible target, and which are; nothing of the viewer's to order there) where a click would do nothing.
   */
  private find(province: string): void {
    this.map?.reveal([province]);
    const why = this.open() ? this.unpickable(province) : null;
    if (why) return this.panel.findProblem(why);
    this.province(province);
  }

  private unpickable(province: string): string | null {
    const name = (id: string) => placeName(this.view, id);
    if (this.step.at === 'target') {
      const lit = litProvinces(this.step);
      if (lit.has(province)) return null;
      const targets = [...lit].map(name).join(this.t('pad.page.listSeparator'));
      return this.t('pad.page.notTarget', { province: name(province), targets });
    }
    if (this.view.pieces.some((p) => p.province === province)) return null;
    return this.t('pad.page.notPiece', { province: name(province) });
  }

  /**
   * Where the map opens (docs/pad.md "Phone and keyboard"): on the viewer's units, else their pieces (free centres),
   * else the provinces their open actions offer (a Dogs of War power's muster cities before it has any unit).
   */
  private openingPlaces(): string[] {
    const { view } = this;
    const own = view.units.filter((u) => u.power === view.power).map((u) => u.province);
    if (own.length > 0) return own;
    if (view.pieces.length > 0) return view.pieces.map((p) => p.province);
    const ids = new Set(view.provinces.map((p) => p.id));
    return view.actions
      .flatMap((a) => [...(a.choice?.options ?? []), ...(a.detail?.options ?? [])])
      .map((o) => o.value)
      .filter((v) => ids.has(v));
  }

  private async store(choice: PadChoice): Promise<void> {
    const piece = this.step.at === 'idle' ? null : this.step.piece;
    this.go({ at: 'idle' });
    // Said at once, so a click on a slow connection is seen to have done something; the answer replaces it. The order
    // is named as the page names it (docs/pad.md "Language"), not by the notation it is sent in.
    const named = piece ? this.panel.orderName(this.view, piece, choice) : choice.text;
    this.panel.note(this.t('pad.page.storing', { order: named }));
    const r = await this.api.post<StoredAnswer>('/api/orders', { text: choice.text, phaseId: this.view.phase.id });
    if (!r.ok) {
      if (r.body?.view) this.update(r.body.view);
      return this.refused(r);
    }
    // The seat's orders as stored now; the rest of the view is unchanged by an order, except in an adjustment, where
    // the last build or disband given takes the others off the pieces offered (docs/pad.md "Kinds and flows").
    this.update({ ...this.view, orders: r.body.orders, missing: r.body.missing, missingShown: r.body.missingShown });
    if (this.view.phase.type === 'adjustment') {
      const fresh = await this.api.get<ShownPadView>('/api/view');
      if (fresh.ok) this.update(fresh.body);
    }
    const rejected = r.body.rejected[0];
    if (rejected) return this.panel.refused(rejected.error);
    this.panel.note(this.t('pad.page.stored', { order: r.body.stored[0] ?? choice.text }));
    await this.loadMap();
  }

  private async act(action: string, choice: string | null, detail: string | null): Promise<void> {
    await this.change(this.api.post('/api/act', { action, choice, detail, phaseId: this.view.phase.id }));
  }

  private async save(): Promise<void> {
    const r = await this.api.get<ShownPadView>('/api/view');
    if (!r.ok) return this.refused(r);
    this.update(r.body);
    this.panel.note(this.t('pad.page.saved'));
  }

  /**
   * Toggles ready; the note then says what is true now (docs/pad.md "Phone and keyboard"): ready with the orders
   * stored, ready with none, or no longer ready — never the "Stored: …" of the last order, which no longer tells it.
   */
  private async ready(): Promise<void> {
    // A ready that resolved the phase leaves the page stale: its banner says so, and the note nothing more.
    await this.change(this.api.post('/api/ready', { phaseId: this.view.phase.id }), () =>
      this.stale
        ? ''
        : this.t(
            !this.view.ready
              ? 'pad.page.readyOff'
              : this.view.orders.length > 0
                ? 'pad.page.readyOnStored'
                : 'pad.page.readyOnNone',
          ),
    );
  }

  private async change(
    request: Promise<ApiAnswer<{ view?: ShownPadView; reply?: string; rejected?: { error: string }[] }>>,
    done?: string | (() => string),
  ) {
    const r = await request;
    const view = r.ok ? r.body.view : r.body?.view;
    if (view) this.update(view);
    if (!r.ok) return this.refused(r);
    const rejected = r.body.rejected?.[0];
    if (rejected) return this.panel.refused(rejected.error);
    // `done` as a function is worded from the view the answer brought (what is true now).
    const said = r.body.reply ?? (typeof done === 'function' ? done() : done);
    if (said) this.panel.note(said);
    await this.loadMap();
  }

  private refused(r: Extract<ApiAnswer<unknown>, { ok: false }>): void {
    if (LINK_GONE.has(r.status)) return this.linkGone(r.error);
    this.panel.refused(r.error);
  }

  /**
   * The link stopped working under the page (the seat changed hands, the game ended): said once, at the top, with
   * what helps (its words: run `/orders pad` again), and no Reload, which would only open the refusal page.
   */
  private linkGone(message: string): void {
    this.markStale(null);
    this.panel.linkRefused(message);
  }

  private update(view: ShownPadView): void {
    if (view.phase.id !== this.view.phase.id) return this.markStale(this.t('pad.page.newPhase'));
    this.view = view;
    this.skew = view.now - Date.now();
    if (!this.deadlinePassed()) {
      // A deadline moved later (`/gm extend`): the orders are open again.
      this.closedShown = false;
      document.body.classList.remove('closed');
    }
    this.go(keepStep(this.step, view.pieces));
  }

  /** Nothing more can be done on this page; `message` (then a Reload button) says why, where reloading helps. */
  private markStale(message: string | null): void {
    this.stale = true;
    document.body.classList.add('stale');
    if (message !== null) this.panel.banner(message, true);
    this.go({ at: 'idle' });
  }

  private async poll(): Promise<void> {
    if (this.stale) return;
    const r = await this.api.get<{ phaseId: number | null; deadline: number | null; now: number }>('/api/state');
    if (!r.ok)
      return r.status === 429 ? undefined : LINK_GONE.has(r.status) ? this.linkGone(r.error) : this.markStale(r.error);
    this.skew = r.body.now - Date.now();
    if (r.body.phaseId !== this.view.phase.id) this.markStale(this.t('pad.page.newPhase'));
    else if (r.body.deadline !== this.view.phase.deadline) void this.save();
  }

  private tick(): void {
    this.panel.deadline(this.view, this.skew);
    if (!this.stale && this.view.phase.closed === null && this.deadlinePassed() && !this.closedShown) {
      this.closedShown = true;
      document.body.classList.add('closed');
      this.go({ at: 'idle' });
    }
  }
}

async function main(): Promise<void> {
  const root = document.getElementById('pad')!;
  const t = texts();
  let token = decodeURIComponent(location.pathname.split('/pad/')[1] ?? '');
  if (document.body.dataset.mode === 'activity') {
    const { signIn } = await import('./activity.js');
    const signed = await signIn(t);
    if (!signed.ok) {
      root.textContent = signed.error;
      return;
    }
    token = signed.token;
  }
  const api = new Api(token);
  const embedded = document.getElementById('pad-view')?.textContent;
  const view = embedded ? (JSON.parse(embedded) as ShownPadView) : null;
  const loaded = view ? { ok: true as const, body: view } : await api.get<ShownPadView>('/api/view');
  if (!loaded.ok) {
    root.textContent = loaded.error;
    return;
  }
  await new Pad(api, loaded.body, t).start(root);
}

/** The selector of the map's element the focus is on (a province's target or a zoom button), or null. */
function focusedOn(root: Element): string | null {
  const on = document.activeElement;
  if (!on || !root.contains(on)) return null;
  for (const name of ['data-province', 'data-zoom']) {
    const value = on.getAttribute(name);
    if (value !== null) return `[${name}="${CSS.escape(value)}"]`;
  }
  return null;
}

void main();
