/**
 * French sentences a native reader corrected (docs/locales.md): a count of one said as French says it (`ne peut faire
 * qu’une construction`, never `que 1 construction`), a dislodged unit (an army, a fleet: `l’armée`, `la flotte`) in
 * the feminine like the orders that write it (`A Munich dissoute`), a pause that lapses without everyone's vote said
 * without the ambiguous `si tous … ne la votent pas`, and `/ready`'s resolution without `Printemps 1901, mouvements est
 * résolu`; `/why`'s reason after a dash; a count of 0 or 1 of any noun in the singular.
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

  it('puts a count of 0 or 1 in the singular (1 in English), wherever a number counts a noun', () => {
    const hand = { dynasty: 'Qin', count: 2, cards: 2 };
    expect(tr('fr', 'cards.hand.title', { ...hand, supply: 1 })).toContain('2 cartes, 1 armée en réserve');
    expect(tr('fr', 'cards.seat.holdings', { ...hand, supply: 0 })).toBe('2 cartes en main, 0 armée en réserve');
    expect(tr('en', 'cards.seat.holdings', { ...hand, supply: 1 })).toBe('2 cards in hand, 1 army in supply');
    expect(tr('fr', 'cards.dm.claimed', { ...hand, supply: 1, round: 3, game: 'x', channel: 'y', due: '' })).toContain(
      '1 armée en réserve ; manche 3',
    );
    expect(tr('fr', 'cards.control.neutralWeak', { count: 1, needs: 2 })).toBe(
      'neutre avec 1 armée autour (il en faut 2 à un État neutre)',
    );
    expect(tr('en', 'cards.control.neutralWeak', { count: 1, needs: 2 })).toMatch(/^neutral with 1 army around/);
    expect(tr('fr', 'orders.reply.dropped', { dropped: 3, stored: 1, replaced: 0, refused: 2 })).toBe(
      '… 3 lignes de plus non affichées (1 enregistré, 0 remplacé, 2 refusés au total).',
    );
    expect(tr('fr', 'seats.refused.reliability', { min: 80, rate: 50, complete: 1, seated: 2 })).toContain(
      '(1 phase sur 2 avec',
    );
    expect(tr('en', 'seats.refused.reliability', { min: 80, rate: 0, complete: 0, seated: 1 })).toContain(
      '(0 of 1 phase with',
    );
    expect(tr('fr', 'scores.leaderboard.head', { pool: 'Diplomatie', shown: 1, members: 1 })).toBe(
      '**Classement de ce serveur : Diplomatie** (1 premier sur 1 classé)',
    );
    expect(tr('fr', 'sandbox.morePowers', { count: 1 })).toBe('… et 1 autre puissance');
    expect(tr('en', 'sandbox.morePowers', { count: 1 })).toBe('… and 1 more power');
    expect(tr('zh-CN', 'sandbox.morePowers', { count: 1 })).toBe('…… 另有 1 个国家');
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
