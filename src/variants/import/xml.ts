/**
 * XML (SVG) read into a plain element tree with fast-xml-parser: element names and attributes as written (prefixes
 * kept: `inkscape:label`), children in document order. Only the five predefined entities and character references
 * are expanded (a document's own entities are not: no entity can blow up in memory). Pure: no file access, so it can
 * run in a worker thread.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface XmlElement {
  name: string;
  attrs: Readonly<Record<string, string>>;
  children: XmlElement[];
  /** The text directly inside (not in child elements), entities expanded. */
  text: string;
}

export class XmlError extends Error {}

/** How deep elements may nest: an SVG of provinces needs a handful of levels; deeper is refused, never a crash. */
const MAX_DEPTH = 100;

const parser = new XMLParser({
  maxNestedTags: MAX_DEPTH,
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/** The document's root element; `XmlError` naming the line of the first syntax error, or elements nested too deep. */
export function parseXml(text: string): XmlElement {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new XmlError(`line ${valid.err.line}: ${valid.err.msg}`);
  let nodes: unknown[];
  try {
    nodes = parser.parse(text) as unknown[];
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    throw new XmlError(
      /nested tags/i.test(message) ? `elements nested more than ${MAX_DEPTH} deep` : `cannot be read: ${message}`,
    );
  }
  const root = nodes.map(toElement).find((e): e is XmlElement => e !== null);
  if (!root) throw new XmlError('the file has no root element');
  return root;
}

type Node = Record<string, unknown>;

function toElement(node: unknown): XmlElement | null {
  if (typeof node !== 'object' || node === null) return null;
  const name = Object.keys(node).find((k) => k !== ':@' && k !== '#text');
  if (!name) return null;
  const raw = ((node as Node)[':@'] ?? {}) as Record<string, string>;
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) attrs[k] = decodeEntities(String(v));
  const body = ((node as Node)[name] ?? []) as unknown[];
  const children: XmlElement[] = [];
  let text = '';
  for (const child of body) {
    if (typeof child === 'object' && child !== null && '#text' in child)
      text += decodeEntities(String((child as Node)['#text']));
    else {
      const el = toElement(child);
      if (el) children.push(el);
    }
  }
  return { name, attrs, children, text };
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (whole, e: string) => {
    if (e[0] !== '#') return NAMED[e] ?? whole;
    const code = e[1] === 'x' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The element's name without its namespace prefix (`svg:path` → `path`). */
export const localName = (e: XmlElement): string => e.name.slice(e.name.indexOf(':') + 1);

/** Every descendant element (depth first, document order) with this local name. */
export function descendants(e: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (x: XmlElement) => {
    for (const c of x.children) {
      if (localName(c) === name) out.push(c);
      walk(c);
    }
  };
  walk(e);
  return out;
}

/** All the text inside the element, its children's included, in document order. */
export function textOf(e: XmlElement): string {
  return e.text + e.children.map(textOf).join('');
}
