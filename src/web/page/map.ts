/**
 * The pad's map (docs/pad.md "The map"): the scene the server built, painted on a canvas by the very `drawScene` that
 * paints the posted PNGs, under an SVG layer of click targets in the scene's coordinates:
 *
 * - `[data-province="<id>"]`: one per province, a round target at its unit's spot (the unit standing there, else the
 *   province's spot), holding the `[data-unit="<id>"]` of the unit there (a dislodged unit in a retreat phase; the
 *   unit that dislodged it is `[data-occupant]`). Targets never reach another province's spot, so a click on a
 *   target's middle is always its own; each is 40 CSS px across where the provinces leave room.
 * - beneath them, each province's whole area (`[data-area]`) answers a click as its province.
 * - lit targets are drawn over a dimmed map; the piece being ordered is ringed.
 * - the names of the provinces marked now (the lit ones, the viewer's pieces, the one being ordered) are written again
 *   above their targets and the dimming (`[data-label]`): a ring or a tint never crosses the name a player looks for.
 *
 * Zoom: buttons, pinch (two pointers) and ctrl+wheel; the map scrolls inside its own box, the page never sideways.
 */
import { drawScene } from '../../render/draw.js';
import { FONT_STACK } from '../../render/font-stack.js';
import type { PageScene, Scene } from '../../render/index.js';
import type { ShownPadView } from '../../game/pad/index.js';
import { RING_GAP_CSS, TARGET_CSS_RADIUS, targetRadius } from './targets.js';

const SVG = 'http://www.w3.org/2000/svg';
/** The canvas's largest backing side, in device pixels (phones cap canvases). */
const MAX_CANVAS_SIDE = 4096;

type Xy = [number, number];

export interface MapHandlers {
  unit(province: string): void;
  province(province: string): void;
}

function el<K extends keyof SVGElementTagNameMap>(name: K, attrs: Record<string, string | number> = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

const pathOf = (polygons: Xy[][]) =>
  polygons.map((ring) => `M${ring.map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join('L')}Z`).join('');

interface Target {
  province: string;
  at: Xy;
  nodes: SVGCircleElement[];
}

export class PadMap {
  readonly root: HTMLElement;
  private readonly scroll: HTMLElement;
  private readonly inner: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly svg: SVGSVGElement;
  private readonly lit: SVGGElement;
  private readonly names: SVGGElement;
  private readonly groups = new Map<string, SVGGElement>();
  private readonly targets: Target[] = [];
  private zoom = 1;
  private drawTimer = 0;

  constructor(
    private readonly page: PageScene,
    private readonly view: ShownPadView,
    private readonly handlers: MapHandlers,
    labels: { zoomIn: string; zoomOut: string; zoomFit: string },
  ) {
    this.root = document.createElement('section');
    this.root.className = 'map-wrap';
    this.root.append(this.zoomBar(labels));
    this.scroll = document.createElement('div');
    this.scroll.className = 'map-scroll';
    this.inner = document.createElement('div');
    this.inner.className = 'map-inner';
    this.canvas = document.createElement('canvas');
    this.canvas.setAttribute('aria-hidden', 'true');
    const { width, height } = page.scene;
    // `data-frame-top`: where the map's frame starts under its title bar, in the scene's units (the tests read it).
    const frameTop = String(page.scene.frame.y);
    this.svg = el('svg', {
      viewBox: `0 0 ${width} ${height}`,
      class: 'map-svg',
      role: 'group',
      'data-frame-top': frameTop,
    });
    this.svg.append(this.areas(page.scene));
    this.lit = el('g', { class: 'lit-layer' });
    this.names = el('g', { class: 'names', 'aria-hidden': 'true' });
    this.svg.append(this.lit, this.spots(), this.names);
    this.inner.append(this.canvas, this.svg);
    this.scroll.append(this.inner);
    this.root.append(this.scroll);
    this.listen();
  }

  private zoomBar(labels: { zoomIn: string; zoomOut: string; zoomFit: string }): HTMLElement {
    const bar = document.createElement('div');
    bar.className = 'zoom';
    const button = (text: string, label: string, zoom: string, fn: () => void) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = text;
      b.title = label;
      b.setAttribute('aria-label', label);
      b.dataset.zoom = zoom;
      b.addEventListener('click', fn);
      return b;
    };
    bar.append(
      button('+', labels.zoomIn, 'in', () => this.setZoom(this.zoom * 1.4)),
      button('−', labels.zoomOut, 'out', () => this.setZoom(this.zoom / 1.4)),
      button('⤢', labels.zoomFit, 'fit', () => this.setZoom(this.fitZoom())),
    );
    return bar;
  }

  /** Each province's whole area, clickable as its province (the targets above are what keyboards and checks use). */
  private areas(scene: Scene): SVGGElement {
    const g = el('g', { class: 'areas' });
    const known = new Set(this.view.provinces.map((p) => p.id));
    for (const region of scene.regions) {
      if (!known.has(region.id)) continue;
      g.append(el('path', { d: pathOf(region.polygons as Xy[][]), 'data-area': region.id }));
    }
    return g;
  }

  /** Where a unit of the board is drawn (its scene mark), or its location's spot. */
  private unitSpot(u: ShownPadView['units'][number]): Xy | null {
    const key = (loc: string) => loc.split('/')[0];
    const mark = this.page.scene.units.find(
      (m) => key(m.location) === u.province && m.dislodged === u.dislodged && m.state !== 'virtual',
    );
    if (mark) return [mark.at[0], mark.at[1]];
    const spot = this.page.spots[u.coast ? `${u.province}/${u.coast}` : u.province] ?? this.page.spots[u.province];
    return spot ? [spot[0], spot[1]] : null;
  }

  private spots(): SVGGElement {
    const g = el('g', { class: 'spots' });
    const names = new Map(this.view.provinces.map((p) => [p.id, p.shown ?? p.name]));
    const mine = new Set(this.view.pieces.map((p) => p.province));
    const sites = new Set(this.view.pieces.filter((p) => p.site).map((p) => p.province));
    for (const p of this.view.provinces) {
      const here = this.view.units.filter((u) => u.province === p.id);
      const standing = here.find((u) => !u.dislodged);
      const at = (standing && this.unitSpot(standing)) ?? this.page.spots[p.id];
      if (!at) continue;
      const group = el('g', {
        'data-province': p.id,
        role: 'button',
        tabindex: -1,
        'aria-label': names.get(p.id) ?? p.id,
      });
      // A free centre the viewer may build in is ringed as their units are: an empty centre is otherwise unmarked.
      const hit = el('circle', { cx: at[0], cy: at[1], r: 10, class: sites.has(p.id) ? 'hit site' : 'hit' });
      group.append(hit);
      const target: Target = { province: p.id, at: [at[0], at[1]], nodes: [hit] };
      this.targets.push(target);
      const retreat = here.some((u) => u.dislodged);
      // Its target spot is the occupant's, which the selection of the dislodged unit does not ring (pad.css).
      if (retreat) group.classList.add('dislodged');
      for (const u of here) {
        const spot = u === standing ? target.at : this.unitSpot(u);
        if (!spot) continue;
        const attr = retreat && !u.dislodged ? 'data-occupant' : 'data-unit';
        const circle = el('circle', { cx: spot[0], cy: spot[1], r: 10, class: 'unit', [attr]: p.id });
        circle.dataset.power = u.power;
        if (attr === 'data-unit' && mine.has(p.id)) circle.classList.add('own');
        group.append(circle);
        if (spot !== target.at) this.targets.push({ province: p.id, at: spot, nodes: [circle] });
        else target.nodes.push(circle);
      }
      this.groups.set(p.id, group);
      g.append(group);
    }
    return g;
  }

  /** Radii for the zoom: 20 CSS px where there is room, else a clear gap from every other province's ring. */
  private sizeTargets(): void {
    for (const t of this.targets) {
      let nearest = Number.POSITIVE_INFINITY;
      for (const o of this.targets)
        if (o.province !== t.province) nearest = Math.min(nearest, Math.hypot(o.at[0] - t.at[0], o.at[1] - t.at[1]));
      const r = targetRadius(nearest, this.zoom);
      for (const n of t.nodes) n.setAttribute('r', r.toFixed(2));
    }
  }

  /** Where the viewer is: the zoom and the scroll (a new map after a change opens where the old one was). */
  viewState(): { zoom: number; left: number; top: number } {
    return { zoom: this.zoom, left: this.scroll.scrollLeft, top: this.scroll.scrollTop };
  }

  restore(state: { zoom: number; left: number; top: number }): void {
    this.setZoom(state.zoom);
    this.scroll.scrollLeft = state.left;
    this.scroll.scrollTop = state.top;
  }

  /**
   * The zoom at which the whole map fits its box: its width, and its height within the tallest the box may grow (its
   * CSS `max-height`), so "whole map" on a desktop shows the bottom of the map and its legend too, not just its width.
   */
  fitZoom(): number {
    const { width, height } = this.page.scene;
    const wide = (this.scroll.clientWidth || this.root.clientWidth || 360) / width;
    const tallest = Number.parseFloat(getComputedStyle(this.scroll).maxHeight);
    const high = Number.isFinite(tallest) && tallest > 0 ? tallest / height : wide;
    return Math.max(0.1, Math.min(wide, high));
  }

  /** The zoom a page opens at: the whole map on a wide screen; on a phone, close enough for 40-px targets. */
  startZoom(): number {
    const fit = this.fitZoom();
    const narrow = (this.scroll.clientWidth || 360) < 700;
    if (!narrow) return fit;
    const gaps = this.targets
      .map((t) =>
        Math.min(
          ...this.targets
            .filter((o) => o.province !== t.province)
            .map((o) => Math.hypot(o.at[0] - t.at[0], o.at[1] - t.at[1])),
        ),
      )
      .sort((a, b) => a - b);
    const typical = gaps[Math.floor(gaps.length * 0.25)] ?? 40;
    // Close enough that a quarter of the targets are 40 px across with their gap (src/web/page/targets.ts).
    return Math.min(2.5, Math.max(fit, (2 * (TARGET_CSS_RADIUS + RING_GAP_CSS)) / typical));
  }

  setZoom(z: number, around?: Xy): void {
    const zoom = Math.min(4, Math.max(this.fitZoom() * 0.8, z));
    const { width, height } = this.page.scene;
    const cx = around?.[0] ?? this.scroll.scrollLeft + this.scroll.clientWidth / 2;
    const cy = around?.[1] ?? this.scroll.scrollTop + this.scroll.clientHeight / 2;
    const ratio = zoom / this.zoom;
    this.zoom = zoom;
    this.inner.style.width = `${Math.round(width * zoom)}px`;
    this.inner.style.height = `${Math.round(height * zoom)}px`;
    this.scroll.scrollLeft = cx * ratio - (around ? around[0] - this.scroll.scrollLeft : this.scroll.clientWidth / 2);
    this.scroll.scrollTop = cy * ratio - (around ? around[1] - this.scroll.scrollTop : this.scroll.clientHeight / 2);
    this.sizeTargets();
    window.clearTimeout(this.drawTimer);
    this.drawTimer = window.setTimeout(() => this.draw(), 120);
  }

  /** Paints the scene at the zoom's resolution (capped), with the maps' own font loaded first. */
  async draw(): Promise<void> {
    const { scene } = this.page;
    const text = scene.labels.map((l) => l.text).join('') + scene.title;
    await Promise.all([
      document.fonts.load(`bold 14px "Zhanguo Sans"`, text),
      document.fonts.load(`14px "Zhanguo Sans"`, text),
    ]).catch(() => {});
    const k = Math.min(
      (window.devicePixelRatio || 1) * this.zoom,
      MAX_CANVAS_SIDE / Math.max(scene.width, scene.height),
    );
    this.canvas.width = Math.round(scene.width * k);
    this.canvas.height = Math.round(scene.height * k);
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(k, 0, 0, k, 0, 0);
    drawScene(ctx as unknown as Parameters<typeof drawScene>[0], scene);
  }

  /**
   * The opening view on a screen narrower than the map: it starts below the map's title bar, which the page's header
   * above already words (the variant, the phase, the power) and which such a screen could only show cut at both ends
   * (docs/pad.md "Phone and keyboard"); scrolling up still shows it.
   */
  belowTitle(): void {
    const { width, frame } = this.page.scene;
    if (width * this.zoom <= this.scroll.clientWidth + 1) return;
    this.scroll.scrollTop = Math.max(this.scroll.scrollTop, Math.ceil(frame.y * this.zoom));
  }

  /** Scrolls so that the provinces' targets are in view, centred on their middle (a piece, a target found by typing). */
  reveal(provinces: string[], smooth = true): void {
    const at = this.targets.filter((x) => provinces.includes(x.province)).map((t) => t.at);
    if (at.length === 0) return;
    const mid = [at.reduce((s, p) => s + p[0], 0) / at.length, at.reduce((s, p) => s + p[1], 0) / at.length];
    const left = mid[0]! * this.zoom - this.scroll.clientWidth / 2;
    const top = mid[1]! * this.zoom - this.scroll.clientHeight / 2;
    this.scroll.scrollTo({ left, top, behavior: smooth ? 'smooth' : 'auto' });
  }

  /**
   * Marks what may be clicked: `selected` the piece being ordered, `lit` the provinces a target step offers (the
   * rest of the map dimmed), `pieces` the viewer's pieces (when no target is being chosen), `todo` those of them still
   * needing an order (a dashed ring) and `ordered` those with one (a solid green ring: docs/pad.md "The page"),
   * `picked` the provinces already chosen for the order under way (a dashed yellow ring, its name written).
   */
  show(state: {
    selected: string | null;
    lit: Set<string> | null;
    picked: Set<string>;
    pieces: Set<string>;
    todo: Set<string>;
    ordered: Set<string>;
  }): void {
    this.lit.replaceChildren();
    const targeting = state.lit !== null;
    this.svg.classList.toggle('targeting', targeting);
    if (targeting) {
      const { frame } = this.page.scene;
      this.lit.append(el('rect', { x: frame.x, y: frame.y, width: frame.w, height: frame.h, class: 'dim' }));
      for (const region of this.page.scene.regions)
        if (state.lit!.has(region.id))
          this.lit.append(el('path', { d: pathOf(region.polygons as Xy[][]), class: 'lit-area' }));
    }
    for (const [id, group] of this.groups) {
      const clickable = targeting ? state.lit!.has(id) : state.pieces.has(id);
      group.classList.toggle('lit', targeting && clickable);
      group.classList.toggle('piece', !targeting && clickable);
      group.classList.toggle('todo', !targeting && clickable && state.todo.has(id));
      group.classList.toggle('ordered', !targeting && clickable && state.ordered.has(id));
      group.classList.toggle('selected', state.selected === id);
      group.classList.toggle('picked', state.picked.has(id));
      group.setAttribute('tabindex', clickable ? '0' : '-1');
      group.setAttribute('aria-disabled', clickable ? 'false' : 'true');
    }
    if (state.selected) this.groups.get(state.selected)?.classList.add('selected');
    const marked = new Set(targeting ? state.lit : state.pieces);
    if (state.selected) marked.add(state.selected);
    for (const p of state.picked) marked.add(p);
    this.writeNames(marked);
  }

  /** The map's labels of these provinces, as the canvas paints them (font, size, colour, halo), above the targets. */
  private writeNames(provinces: Set<string>): void {
    const halo = (3 * this.page.scene.width) / 1600;
    const texts = this.page.scene.labels
      .filter((l) => provinces.has(l.province))
      .map((l) => {
        const text = el('text', {
          'data-label': l.province,
          x: l.at[0],
          y: l.at[1],
          fill: l.color,
          'font-size': l.size,
          'font-family': FONT_STACK,
          'stroke-width': halo,
        });
        const lines = l.lines ?? [l.text];
        lines.forEach((line, i) => {
          const span = el('tspan', { x: l.at[0], y: l.at[1] + (i - (lines.length - 1) / 2) * l.size * 1.25 });
          span.textContent = line;
          text.append(span);
        });
        return text;
      });
    this.names.replaceChildren(...texts);
  }

  private dispatch(target: Element | null): void {
    if (!target) return;
    const unit = target.closest('[data-unit]');
    const group = target.closest('[data-province]') ?? target.closest('[data-area]');
    const province = group?.getAttribute('data-province') ?? group?.getAttribute('data-area');
    if (unit && !this.svg.classList.contains('targeting')) return this.handlers.unit(unit.getAttribute('data-unit')!);
    if (province) this.handlers.province(province);
  }

  private listen(): void {
    this.svg.addEventListener('click', (e) => this.dispatch(e.target as Element));
    this.svg.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      const group = (e.target as Element).closest('[data-province]');
      if (!group) return;
      this.dispatch(group.querySelector('[data-unit]') ?? group);
    });
    this.listenPinch();
    window.addEventListener('resize', () => this.sizeTargets());
  }

  /** Two fingers zoom around their middle; ctrl+wheel (and a trackpad's pinch) too. */
  private listenPinch(): void {
    const pointers = new Map<number, Xy>();
    let start: { distance: number; zoom: number } | null = null;
    const local = (x: number, y: number): Xy => {
      const r = this.scroll.getBoundingClientRect();
      return [x - r.left + this.scroll.scrollLeft, y - r.top + this.scroll.scrollTop];
    };
    this.scroll.addEventListener('pointerdown', (e) => {
      if (e.pointerType === 'touch') pointers.set(e.pointerId, [e.clientX, e.clientY]);
    });
    const end = (e: PointerEvent) => {
      pointers.delete(e.pointerId);
      if (pointers.size < 2) start = null;
    };
    this.scroll.addEventListener('pointerup', end);
    this.scroll.addEventListener('pointercancel', end);
    this.scroll.addEventListener('pointermove', (e) => {
      if (!pointers.has(e.pointerId)) return;
      pointers.set(e.pointerId, [e.clientX, e.clientY]);
      if (pointers.size !== 2) return;
      const [a, b] = [...pointers.values()] as [Xy, Xy];
      const distance = Math.hypot(a[0] - b[0], a[1] - b[1]);
      start ??= { distance, zoom: this.zoom };
      this.setZoom(start.zoom * (distance / start.distance), local((a[0] + b[0]) / 2, (a[1] + b[1]) / 2));
    });
    this.scroll.addEventListener(
      'wheel',
      (e) => {
        if (!e.ctrlKey) return;
        e.preventDefault();
        this.setZoom(this.zoom * Math.exp(-e.deltaY / 300), local(e.clientX, e.clientY));
      },
      { passive: false },
    );
  }
}
