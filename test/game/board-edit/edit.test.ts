/**
 * A board edit's announcement and refusals name places the way their reader does (docs/bot.md "Editing the board",
 * docs/locales.md "Names"): a French table reads `Picardie`, `la Hollande`, `l’Espagne (côte sud)`, never the map's
 * English names, and English keeps them as before.
 */
import { describe, expect, it } from 'vitest';
import type { Position } from '../../../src/engine/types.js';
import { applyEdit } from '../../../src/game/board-edit/edit.js';
import type { BoardEdit } from '../../../src/game/core/index.js';
import { t, type Locale } from '../../../src/i18n/index.js';
import { classic } from '../../../src/variants/classic/index.js';

const start: Position = classic.startingPosition();

/** The edit's announcement, or its refusal, in `locale`. */
function said(locale: Locale, edit: BoardEdit): string {
  const out = applyEdit(classic, start, edit);
  return t(locale, out.ok ? out.announcement : out.refusal);
}

describe('a board edit in the reader’s language', () => {
  it('announces in French with the French names of the places and coasts', () => {
    expect(said('fr', { kind: 'add', power: 'Austria', unit: 'A', place: 'pic' })).toBe(
      '🛠️ Le maître du jeu a placé une armée d’Autriche en Picardie.',
    );
    expect(said('fr', { kind: 'move', from: 'kie', to: 'hol' })).toBe(
      '🛠️ Le maître du jeu a déplacé la flotte d’Allemagne de Kiel vers la Hollande.',
    );
    expect(said('fr', { kind: 'owner', place: 'hol', power: 'Germany' })).toBe(
      '🛠️ Le maître du jeu a donné le centre de ravitaillement de la Hollande à l’Allemagne.',
    );
    expect(said('fr', { kind: 'add', power: 'France', unit: 'F', place: 'spa/sc' })).toBe(
      '🛠️ Le maître du jeu a placé une flotte de France en Espagne (côte sud).',
    );
    expect(said('en', { kind: 'add', power: 'France', unit: 'F', place: 'spa/sc' })).toBe(
      '🛠️ The game master placed a fleet of France in Spain (sc).',
    );
  });

  it('refuses in French with the French names of the places', () => {
    expect(said('fr', { kind: 'owner', place: 'bur', power: null })).toBe(
      'La Bourgogne n’est pas un centre de ravitaillement.',
    );
    expect(said('fr', { kind: 'add', power: 'France', unit: 'A', place: 'nth' })).toBe(
      'Une armée ne peut pas se trouver en Mer du Nord : c’est une mer.',
    );
    expect(said('fr', { kind: 'remove', place: 'bur' })).toBe('Il n’y a aucune unité en Bourgogne.');
    expect(said('fr', { kind: 'add', power: 'France', unit: 'F', place: 'stp' })).toBe(
      'Saint-Pétersbourg a plusieurs côtes : précisez laquelle, par exemple `stp/nc`.',
    );
    expect(said('fr', { kind: 'add', power: 'Germany', unit: 'A', place: 'ber' })).toBe(
      'Berlin accueille déjà l’armée d’Allemagne : retirez-la ou déplacez-la d’abord.',
    );
  });
});
