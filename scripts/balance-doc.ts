/**
 * Writes a generated balance table into a rules document between its markers
 * (`<!-- balance:start (scripts/<name>.ts) -->` … `<!-- balance:end -->`), and prints it.
 * Shared by scripts/ws-balance.ts and scripts/moh-balance.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';

export function writeBalanceSection(doc: URL, script: string, table: string): void {
  const text = readFileSync(doc, 'utf8');
  const start = `<!-- balance:start (scripts/${script}) -->`;
  const end = '<!-- balance:end -->';
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i >= 0 && j > i) writeFileSync(doc, `${text.slice(0, i + start.length)}\n${table}\n${text.slice(j)}`);
  console.log(table);
}
