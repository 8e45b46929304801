/**
 * `ByteSink` (src/cli/io.ts): the CLI's large outputs kept as UTF-8 bytes, a piece at a time.
 */
import { describe, expect, it } from 'vitest';
import { ByteSink, bytesResult } from '../../src/cli/io.js';

const decode = (pieces: readonly Uint8Array[]) => Buffer.concat(pieces).toString('utf8');

describe('ByteSink', () => {
  it('gives back exactly the text written, across many pieces, multi-byte characters included', () => {
    const sink = new ByteSink();
    const texts: string[] = [];
    // ~6 MiB: several 1 MiB pieces; CJK (3 bytes), accents (2 bytes) and an astral character (4 bytes).
    for (let i = 0; i < 60_000; i++) texts.push(`{"n":${i},"name":"战国 Zhànguó 🀄 ${'x'.repeat(i % 50)}"},`);
    for (const t of texts) sink.write(t);
    const pieces = sink.pieces();
    expect(pieces.length).toBeGreaterThan(3);
    expect(decode(pieces)).toBe(texts.join(''));
    // Every piece is valid UTF-8 on its own: no character is split between two pieces.
    for (const piece of pieces)
      expect(Buffer.from(Buffer.from(piece).toString('utf8'), 'utf8').equals(Buffer.from(piece))).toBe(true);
  });

  it('takes a text longer than a piece in one go', () => {
    const sink = new ByteSink();
    const big = '国'.repeat(600_000); // 1.8 MB of UTF-8
    sink.write('[');
    sink.write(big);
    sink.write(']');
    expect(decode(sink.pieces())).toBe(`[${big}]`);
  });

  it('makes a result whose stdout is the decoded bytes', () => {
    const sink = new ByteSink();
    sink.write('{"a":"é"}\n');
    const r = bytesResult(sink, 'a note\n');
    expect(r).toMatchObject({ code: 0, stderr: 'a note\n', stdout: '{"a":"é"}\n' });
    expect(decode(r.stdoutBytes!)).toBe(r.stdout);
  });

  it('gives no pieces when nothing was written', () => {
    expect(new ByteSink().pieces()).toEqual([]);
  });
});
