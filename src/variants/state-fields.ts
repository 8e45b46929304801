/**
 * A variant's state read from outside (the CLI's `variantState`) is checked with a strict schema: a field the state
 * does not have, a misspelling most likely, is refused naming it and the fields that object has.
 */

/** Where in the state (a path matched as `dogsOfWar.Tilea`; '' for the top) and the fields the object there has. */
export type FieldTable = { at: RegExp; fields: string[] }[];

/** `unknown field "hilArmies" (fields: dogsOfWar, …)`, one line for each field a strict parse refused. */
export function unknownFields(
  issues: readonly { code: string; path: PropertyKey[]; keys?: string[] }[],
  table: FieldTable,
): string[] {
  const out: string[] = [];
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const at = issue.path.map(String).join('.');
    const fields = table.find((t) => t.at.test(at))?.fields;
    for (const key of issue.keys ?? [])
      out.push(`${at ? `${at}: ` : ''}unknown field "${key}"${fields ? ` (fields: ${fields.join(', ')})` : ''}`);
  }
  return out;
}
