/**
 * French sentences a native reader corrected (docs/locales.md): a count of one said as French says it (`ne peut faire
 * qu’une construction`, never `que 1 construction`), a dislodged unit (an army, a fleet: `l’armée`, `la flotte`) in
 * the feminine like the orders that write it (`A Munich dissoute`), a pause that lapses without everyone's vote said
 * without the ambiguous `si tous … ne la votent pas`, and `/ready`'s resolution without `Printemps 1901, mouvements est
 * résolu`; `/why`'s reason after a dash.
 */
import { describe, expect, it } from 'vitest';
import { msg, tr } from '../../src/i18n/index.js';

describe('French wording', () => {
  it('says a count of one as French does', () => {
    expect(tr('fr', 'orders.check.buildsOnly', { power: 'Allemagne', count: 1 })).toBe(
      'L’Allemagne ne peut faire qu’une construction ; effacez vos ordres (`/ordres effacer`) pour les changer.',
    );
    expect(tr('fr', 'orders.check.buildsOnly', { power: 'France', count: 2 })).toMatch(
      /^La France ne peut faire que 2 constructions ; /,
    );
    expect(tr('fr', 'orders.check.disbandsOnly', { power: 'Russie', count: 1 })).toMatch(
      /^La Russie ne doit dissoudre qu’une unité ; /,
    );
  });

  it('words a dislodged unit in the feminine, as the orders write it', () => {
    expect(tr('fr', 'results.dislodged.retreat', { unit: 'Allemagne A Munich', options: 'Bohême (boh)' })).toBe(
      '• Allemagne A Munich a été délogée ; retraites possibles : Bohême (boh), sinon elle est dissoute.',
    );
    expect(tr('fr', 'results.dislodged.none', { unit: 'Russie F Sébastopol' })).toBe(
      '• Russie F Sébastopol a été délogée et ne peut battre en retraite nulle part : elle sera dissoute.',
    );
  });

  it('says when a pause lapses without an ambiguous negation', () => {
    for (const key of ['pauses.reply.proposed', 'pauses.reply.supported'] as const) {
      const text = tr('fr', key, { power: 'France', lapses: '<t:1:R>' });
      expect(text).toContain('Sans le vote de tous les joueurs encore en lice, ');
      expect(text).not.toContain('ne la votent pas');
    }
  });

  it('tells /ready’s resolution without a phase’s name as the subject', () => {
    expect(tr('fr', 'orders.ready.resolved', { power: 'Italie', phases: 'Printemps 1901, mouvements' })).toBe(
      '✅ L’Italie est prête. Tout le monde l’est : résolution effectuée (Printemps 1901, mouvements) ; les résultats sont en cours de publication.',
    );
  });

  it('gives /why’s reason, a clause in lower case, after a dash rather than after a full stop', () => {
    const values = { order: 'A Bourgogne tient', power: 'Allemagne', outcome: msg('history.why.outcome.success') };
    expect(tr('fr', 'history.why.result.reason', { ...values, reason: msg('results.reason.noOrder') })).toBe(
      '`A Bourgogne tient` (Allemagne) : réussite — aucun ordre : l’unité a tenu.',
    );
    expect(tr('en', 'history.why.result.reason', { ...values, reason: 'no order: the unit held' })).toBe(
      '`A Bourgogne tient` (Allemagne): success — no order: the unit held.',
    );
  });
});
