/**
 * Finds English left in a text meant for a French or Chinese reader: ASCII words from a list of common English words
 * (the sentences' glue and the game's usual terms). Order text in code spans, Discord markup (mentions, channels,
 * timestamps), unit and province abbreviations and numbers are not words a reader reads as English and are skipped;
 * proper names (powers, provinces, the variant's name) are not in the list, nor the words French writes the same
 * (`a`, `on`, `civil`, `centre`, `phase`).
 */
const COMMON_ENGLISH = new Set(
  `about after again all an and any are as at back be been before being bounced build builds built but by can
  clear complete confirms convoy cut deadline did disband disbanded dislodged disorder do done
  each every everyone fall for from game given has have held hold in is it its joined master may missed more moved
  movement must neutral next no nobody none not nothing now of one or order orders other power powers
  ready replaced results retreat retreated run set shortly spring still stored support supply take than that the
  their then there this to units unit vs waived waiting was were when will win wins winter with without you your
  adjustment deadline started begun`
    .split(/\s+/)
    .filter(Boolean),
);

/** The English words of `text` (lowercased, in order), outside code spans and Discord markup. */
export function englishWords(text: string): string[] {
  const prose = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/<[@#][!&]?\d+>|<t:\d+(:[a-zA-Z])?>|<\/[\w -]+:\d+>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
  // Whole words, accented letters included (`unités` is no `unit`).
  return (prose.match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase()).filter((w) => COMMON_ENGLISH.has(w));
}
