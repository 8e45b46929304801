/**
 * The drawing of a python-diplomacy import (docs/variants.md "Importing a python-diplomacy map"), on a small map of
 * our own. Label spots, with python modern's label layer (`class="labeltext"`, texts anchored where they start, the
 * layer shifted by a transform) and ancmed's (`text-anchor:middle`, a text beside its province): every spot lies
 * inside its province, at the text's middle where that fits, and `maps check` names a spot outside its province.
 * Lines (ancmed's Nile and dashed connectors, pure's straight ones): drawn, but for a connector between two provinces
 * the import joins by a link, which the renderer draws.
 */
import { describe, expect, it } from 'vitest';
import { checkGeometry } from '../../../src/render/check.js';
import { geometryOf } from '../../../src/render/geometry.js';
import { buildVariant, parseVariantData } from '../../../src/variants/build.js';
import { importPythonDiplomacy } from '../../../src/variants/import/python/index.js';

/**
 * Three lands in a row, the middle one a strip 18 px wide (python's maps leave 2 px between provinces); the east one
 * 31 px off it, across a strait.
 */
const MAP = [
  'BEGIN SPRING 1901 MOVEMENT',
  'VICTORY 2',
  'RED (RED) WES',
  'A WES',
  'BLUE (BLUE) EAS',
  'A EAS',
  'West = wes',
  'Narrow = nar',
  'East = eas',
  'LAND WES ABUTS NAR',
  'LAND NAR ABUTS WES EAS',
  'LAND EAS ABUTS NAR',
  '',
].join('\n');

const svg = (labels: string, lines = '') =>
  [
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:jdipNS="svg.dtd" width="200px" height="100px" viewBox="0 0 200 100">',
    '<style><![CDATA[ .labeltext {font-size:12px;fill:black} .middle {text-anchor:middle;font-size:14px} ]]></style>',
    '<jdipNS:ORDERDRAWING><jdipNS:POWERCOLORS><jdipNS:POWERCOLOR power="red" color="#c53328"/>',
    '<jdipNS:POWERCOLOR power="blue" color="#20297f"/></jdipNS:POWERCOLORS></jdipNS:ORDERDRAWING>',
    '<jdipNS:PROVINCE_DATA><jdipNS:PROVINCE name="wes"><jdipNS:UNIT x="25" y="30"/></jdipNS:PROVINCE>',
    '<jdipNS:PROVINCE name="nar"><jdipNS:UNIT x="80" y="5"/></jdipNS:PROVINCE>',
    '<jdipNS:PROVINCE name="eas"><jdipNS:UNIT x="135" y="30"/></jdipNS:PROVINCE></jdipNS:PROVINCE_DATA>',
    '<g id="MapLayer">',
    '<path id="_wes" class="nopower" d="M 0 0 L 89 0 L 89 100 L 0 100 Z"/>',
    '<path id="_nar" class="nopower" d="M 91 0 L 109 0 L 109 100 L 91 100 Z"/>',
    '<path id="_eas" class="nopower" d="M 140 0 L 200 0 L 200 100 L 140 100 Z"/>',
    lines,
    '</g>',
    labels,
    '</svg>',
  ].join('\n');

/** Modern's label layer: texts anchored where they start, the layer shifted 7 px left and 10 px down. */
const MODERN_LABELS = [
  '<g id="BriefLabelLayer" class="labeltext" transform="translate(-7,10)">',
  '<text x="40" y="45">wes</text><text x="97" y="45">nar</text><text x="150" y="45">eas</text>',
  '</g>',
].join('');

function imported(labels: string, lines = '') {
  const r = importPythonDiplomacy({
    map: { name: 'strip.map', text: MAP },
    read: () => null,
    svg: { name: 'strip.svg', text: svg(labels, lines) },
  });
  if (!r.ok) throw new Error(r.problems.join('\n'));
  return r.data;
}

/** The label spots that lie outside their province's drawn shape. */
function outside(data: ReturnType<typeof imported>): string[] {
  const g = geometryOf(parseVariantData(data));
  if (!g.ok) throw new Error(g.error);
  return Object.entries(data.geometry!.labels!)
    .filter(([id, at]) => g.geometry.locate(at) !== id)
    .map(([id]) => id);
}

describe('label spots of a python-diplomacy import', () => {
  it('a text anchored where it starts is labelled at its middle, inside its province', () => {
    const data = imported(MODERN_LABELS);
    expect(outside(data)).toEqual([]);
    // "nar" starts at x 90 (the gap beside the strip) on the baseline y 55; 12 px text, 3 letters of 0.6 em
    const [x, y] = data.geometry!.labels!.nar!;
    expect(x).toBeCloseTo(90 + (3 * 0.6 * 12) / 2, 0);
    expect(y).toBeCloseTo(55 - 12 / 3, 0);
  });

  it('a text beside its province (a small island’s) moves inside it', () => {
    const labels = '<g id="BriefLabelLayer" class="middle"><text x="60" y="50">nar</text></g>';
    const data = imported(labels);
    expect(outside(data)).toEqual([]);
    const [x] = data.geometry!.labels!.nar!;
    expect(x).toBeGreaterThan(91);
    expect(x).toBeLessThan(109);
  });

  it('maps check names a label spot that lies outside its province', () => {
    const data = imported(MODERN_LABELS);
    data.geometry!.labels!.nar = [60, 50];
    expect(checkGeometry(buildVariant(parseVariantData(data)))).toEqual([
      'label spot of nar [60, 50] lies outside its province',
    ]);
  });
});

describe('lines of a python-diplomacy import', () => {
  it('a connector (dashed, or one straight line) the import makes a link is left to the link; others are drawn', () => {
    const lines = [
      '<line stroke="black" fill="none" stroke-dasharray="2,1.5" x1="105" y1="50" x2="150" y2="50"/>',
      '<line stroke="black" fill="none" x1="105" y1="70" x2="150" y2="75"/>',
      '<path stroke="#17A1F8" fill="none" d="M 100 100 L 100 60 L 104 20"/>',
      '<line stroke="black" fill="none" stroke-dasharray="2,1.5" x1="20" y1="10" x2="60" y2="90"/>',
    ].join('');
    const data = imported(MODERN_LABELS, lines);
    expect(data.links).toEqual([expect.objectContaining({ from: 'eas', to: 'nar' })]);
    expect(data.geometry!.decor!.lines).toEqual([
      { d: 'M100 100L100 60L104 20', color: '#17a1f8', width: 1 },
      { d: 'M20 10L60 90', color: '#000000', width: 1, dash: [2, 1.5] },
    ]);
  });
});
