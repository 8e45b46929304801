/**
 * French place names take their article where the catalogue writes `(le)` (docs/locales.md "French place names"):
 * `atteindre la Bourgogne`, `l’Espagne`, `le Portugal`, `Paris`, `du Portugal`, `La Bourgogne n’est pas…`; a name
 * the project has no French data for (the other variants keep their English names) takes none.
 */
import { describe, expect, it } from 'vitest';
import { elide, markValues } from '../../src/i18n/elision.js';
import {
  determiner,
  frenchArticle,
  frenchDeterminer,
  frenchIn,
  frenchPowersListed,
  frenchStatesListed,
} from '../../src/i18n/french-places.js';
import { CATALOGUES, tr } from '../../src/i18n/index.js';
import { getVariant } from '../../src/variants/index.js';
import { powerName, provinceName } from '../../src/variants/names.js';

/** `source` (a French text with `{p}`) worded with `p` as `t` words a catalogue's value. */
function worded(source: string, p: string): string {
  const marked = markValues(`test.${source}`, source, { p });
  return elide(source.replace('{p}', String(marked.p)));
}

const reach = (to: string) => tr('fr', 'orders.problem.check.cannotReach', { type: 'A', from: 'Paris', to });
const notCentre = (province: string) => tr('fr', 'gmEdit.refused.notCentre', { province });
const moved = (from: string, to: string) => tr('fr', 'gmEdit.announce.move', { unit: 'A', power: 'France', from, to });

describe('French articles before a place', () => {
  it('gives each kind of name its article: city, feminine, masculine, before a vowel, a sea, with its article', () => {
    expect(reach('Paris')).toBe('Une armée à Paris ne peut pas atteindre Paris.');
    expect(reach('Bourgogne')).toBe('Une armée à Paris ne peut pas atteindre la Bourgogne.');
    expect(reach('Portugal')).toBe('Une armée à Paris ne peut pas atteindre le Portugal.');
    expect(reach('Espagne')).toBe('Une armée à Paris ne peut pas atteindre l’Espagne.');
    expect(reach('Édimbourg')).toBe('Une armée à Paris ne peut pas atteindre Édimbourg.');
    expect(reach('Atlantique Nord')).toBe('Une armée à Paris ne peut pas atteindre l’Atlantique Nord.');
    expect(reach('Mer Noire')).toBe('Une armée à Paris ne peut pas atteindre la Mer Noire.');
    expect(reach('Ruhr')).toBe('Une armée à Paris ne peut pas atteindre la Ruhr.');
    expect(reach('Hollande')).toBe('Une armée à Paris ne peut pas atteindre la Hollande.');
    expect(reach('Pays de Galles')).toBe('Une armée à Paris ne peut pas atteindre le Pays de Galles.');
  });

  it('contracts de le to du and elides de la before a vowel, a city keeping de alone', () => {
    expect(moved('Portugal', 'Gascogne')).toBe(
      '🛠️ Le maître du jeu a déplacé A de France du Portugal vers la Gascogne.',
    );
    expect(moved('Ruhr', 'Espagne')).toBe('🛠️ Le maître du jeu a déplacé A de France de la Ruhr vers l’Espagne.');
    expect(moved('Espagne', 'Paris')).toBe('🛠️ Le maître du jeu a déplacé A de France de l’Espagne vers Paris.');
    expect(moved('Ankara', 'Golfe de Botnie')).toBe(
      '🛠️ Le maître du jeu a déplacé A de France d’Ankara vers le Golfe de Botnie.',
    );
    expect(tr('fr', 'gmEdit.announce.ownerNone', { province: 'Danemark' })).toBe(
      '🛠️ Le maître du jeu a rendu neutre le centre de ravitaillement du Danemark.',
    );
  });

  it('writes the article in capitals at the start of a sentence', () => {
    expect(notCentre('Bourgogne')).toBe('La Bourgogne n’est pas un centre de ravitaillement.');
    expect(notCentre('Espagne')).toBe('L’Espagne n’est pas un centre de ravitaillement.');
    expect(notCentre('Portugal')).toBe('Le Portugal n’est pas un centre de ravitaillement.');
    expect(notCentre('Paris')).toBe('Paris n’est pas un centre de ravitaillement.');
    expect(worded('De (le) {p} à Paris.', 'Portugal')).toBe('Du Portugal à Paris.');
    expect(worded('De (le) {p} à Paris.', 'Anyi')).toBe('D’Anyi à Paris.');
    expect(worded('À (le) {p}, enfin.', 'Portugal')).toBe('Au Portugal, enfin.');
  });

  it('contracts the plural (de les to des, à les to aux) and never elides les', () => {
    expect(determiner('', 'les', 'Pays-Bas')).toBe('les ');
    expect(determiner('de', 'les', 'Pays-Bas')).toBe('des ');
    expect(determiner('à', 'les', 'Pays-Bas')).toBe('aux ');
    expect(determiner('de', 'les', 'Açores')).toBe('des ');
    expect(determiner('à', 'le', 'Portugal')).toBe('au ');
    expect(determiner('à', 'la', 'Espagne')).toBe('à l’');
    expect(determiner('de', '', 'Paris')).toBe('de ');
    expect(determiner('', '', 'Paris')).toBe('');
  });

  it('keeps markdown around the name, and the article outside it', () => {
    expect(reach('**Portugal**')).toBe('Une armée à Paris ne peut pas atteindre le **Portugal**.');
    expect(notCentre('__Espagne__')).toBe('L’__Espagne__ n’est pas un centre de ravitaillement.');
  });

  it('leaves a name it has no data for without article, elided as any value', () => {
    const ws = getVariant('warring-states')!;
    expect(reach(provinceName(ws, 'fr', 'dal'))).toBe('Une armée à Paris ne peut pas atteindre Daliang.');
    expect(notCentre(provinceName(ws, 'fr', 'any'))).toBe('Anyi n’est pas un centre de ravitaillement.');
    expect(moved(provinceName(ws, 'fr', 'any'), 'Bo Hai')).toBe(
      '🛠️ Le maître du jeu a déplacé A de France d’Anyi vers Bo Hai.',
    );
    expect(notCentre('The Bloodhorns')).toBe('The Bloodhorns n’est pas un centre de ravitaillement.');
    expect(frenchDeterminer('de', 'Xianyang')).toBe('de ');
  });

  it('drops (le) before a value that is no text (a number)', () => {
    expect(moved('8', 'Paris')).toContain('de 8 vers Paris');
    expect(tr('fr', 'results.illegal.notOwned', { power: 'France', place: 3 })).toBe('la France ne possède pas 3');
  });

  it("keeps (le) out of the order pad's templates, which the browser fills without elide", () => {
    const pad = Object.entries(CATALOGUES.fr).filter(([key, text]) => key.startsWith('pad.') && /\(le\)/iu.test(text));
    expect(pad).toEqual([]);
  });

  it('classifies every French name of the classic map, agreeing with how French says "in" before it', () => {
    const classic = getVariant('classic')!;
    const names = classic.map.provinceIds().map((p) => provinceName(classic, 'fr', p));
    expect(names.length).toBe(76);
    expect(names.filter((name) => frenchArticle(name) === null)).toEqual([]);
    // A city takes `à`, a masculine name `au`, a name with `dans` its own article, every other one is feminine.
    const disagree = names.filter((name) => {
      const article = frenchArticle(name);
      const inWords = frenchIn(name);
      if (inWords === null) return article !== 'la';
      if (inWords === 'à') return article !== '';
      if (inWords === 'au') return article !== 'le';
      return inWords !== `dans ${article}`;
    });
    expect(disagree).toEqual([]);
  });
});

describe('French articles before a classic power', () => {
  const classic = getVariant('classic')!;
  const power = (id: string) => powerName(classic, 'fr', id);
  const owns = (p: string) => tr('fr', 'gmEdit.refused.sameOwner', { power: p, province: 'Bourgogne' });
  const given = (p: string) => tr('fr', 'gmEdit.announce.owner', { power: p, province: 'Portugal' });
  const moved = (p: string, to: string, previous: string) =>
    tr('fr', 'votes.concede.moved', { power: p, to, previous }).split(' (')[0]!;

  it('lists every classic power, feminine, and keeps en for "in" (en France)', () => {
    const names = classic.powers.map((p) => power(p.name));
    expect([...frenchPowersListed()].sort()).toEqual([...names].sort());
    expect(names.map((name) => frenchArticle(name))).toEqual(names.map(() => 'la'));
    expect(names.filter((name) => frenchIn(name) !== null)).toEqual([]);
    expect(tr('fr', 'orders.problem.parse.noUnit', { place: power('France') })).toBe('il n’y a aucune unité en France');
  });

  it('gives the subject and the object their article, in capitals at the start of a sentence', () => {
    expect(owns(power('France'))).toBe('La France possède déjà la Bourgogne.');
    expect(owns(power('Germany'))).toBe('L’Allemagne possède déjà la Bourgogne.');
    expect(owns(power('Turkey'))).toBe('La Turquie possède déjà la Bourgogne.');
    expect(tr('fr', 'results.winner', { power: power('England') })).toBe('🏆 **L’Angleterre remporte la partie !**');
    expect(tr('fr', 'spectate.refused.player', { power: power('Russia') })).toBe(
      'Vous jouez la **Russie** dans cette partie : les joueurs n’observent pas les autres puissances.',
    );
    expect(tr('fr', 'orders.ready.undone', { power: power('Italy') })).toBe(
      '↩️ L’Italie n’est plus prête ; vous pouvez encore modifier vos ordres.',
    );
  });

  it('says à la and à l’ to a power, de la and de l’ after de', () => {
    expect(given(power('France'))).toBe(
      '🛠️ Le maître du jeu a donné le centre de ravitaillement du Portugal à la France.',
    );
    expect(given(power('Austria'))).toBe(
      '🛠️ Le maître du jeu a donné le centre de ravitaillement du Portugal à l’Autriche.',
    );
    expect(moved(power('Germany'), power('Italy'), power('Russia'))).toBe('🏳️ L’Allemagne concède à l’Italie');
    expect(tr('fr', 'votes.concede.moved', { power: 'Russie', to: 'France', previous: 'Angleterre' })).toContain(
      '(au lieu de l’Angleterre)',
    );
    expect(tr('fr', 'votes.concede.moved', { power: 'Russie', to: 'Italie', previous: 'France' })).toContain(
      'La Russie concède à l’Italie (au lieu de la France)',
    );
  });

  it('says pour la France, pour l’Allemagne, pour le Qin', () => {
    expect(tr('fr', 'seats.call.head', { power: power('Germany'), reason: 'left' })).toMatch(
      /^🪑 \*\*Remplaçant recherché pour l’Allemagne\*\* /,
    );
    expect(tr('fr', 'muster.done', { power: 'Qin' })).toBe('✅ C’est noté : vous êtes présent pour le **Qin**.');
    expect(tr('fr', 'orders.confirm.head', { power: power('France'), phase: 'P', channel: '#x' })).toBe(
      'Vos ordres pour la France, **P** (partie dans #x) :',
    );
  });

  it('leaves a label, a list, en tant que and de in a possessive without article', () => {
    const values = { power: power('France'), who: 'alice', centres: 3, units: 2, state: '' };
    expect(tr('fr', 'status.power', values)).toBe('France (alice) · 3 centres, 2 unités');
    expect(tr('fr', 'lobby.joined', { player: 'Ana', power: power('Austria') })).toBe(
      '✋ Ana a rejoint la partie en tant qu’**Autriche**.',
    );
    expect(tr('fr', 'gmEdit.announce.add', { unit: 'A', power: power('Germany'), province: 'Paris' })).toBe(
      '🛠️ Le maître du jeu a placé A d’Allemagne à Paris.',
    );
    expect(tr('fr', 'votes.concede.done', { power: 'France', to: 'Allemagne, Italie' })).toContain(
      'La France concède à Allemagne, Italie.',
    );
  });

  it('gives the states of Warring States and Mandate of Heaven their masculine article, and agrees with them', () => {
    const ws = getVariant('warring-states')!;
    const mandate = getVariant('mandate-of-heaven')!;
    const qin = powerName(ws, 'fr', 'Qin');
    expect(owns(qin)).toBe('Le Qin possède déjà la Bourgogne.');
    expect(owns(powerName(mandate, 'fr', 'Zhao'))).toBe('Le Zhao possède déjà la Bourgogne.');
    // `y` before a vowel is no vowel: le Yan, du Yan (as le Yorkshire).
    expect(owns(powerName(ws, 'fr', 'Yan'))).toBe('Le Yan possède déjà la Bourgogne.');
    expect(given(powerName(ws, 'fr', 'Han'))).toBe(
      '🛠️ Le maître du jeu a donné le centre de ravitaillement du Portugal au Han.',
    );
    expect(tr('fr', 'votes.concede.moved', { power: 'Qin', to: 'Chu', previous: 'Wei' })).toContain(
      'Le Qin concède au Chu (au lieu du Wei)',
    );
    expect(tr('fr', 'orders.ready.waitingFor', { power: qin, powers: 'Wei' })).toBe(
      '✅ Le Qin est prêt. En attente de : Wei. Refaites `/prêt` pour annuler.',
    );
    expect(tr('fr', 'orders.ready.waitingFor', { power: 'France', powers: 'Allemagne' })).toMatch(
      /^✅ La France est prête\./,
    );
    expect(tr('fr', 'votes.refused.eliminated', { power: 'Zhao' })).toBe('Le Zhao a été éliminé.');
    expect(tr('fr', 'seats.vacated.left', { power: 'Qi', channel: '#x', meanwhile: '' })).toContain(
      'Vous avez quitté le **Qi** dans #x : vous ne le jouez plus',
    );
    expect(tr('fr', 'spectate.refused.computer', { power: 'Chu' })).toBe(
      'Le **Chu** est joué par un joueur ordinateur : personne ne peut donner son accord, il ne peut donc pas être observé.',
    );
    expect(tr('fr', 'orders.problem.check.notNext', { from: 'Wei', to: 'Xianyang' })).toBe(
      'Le Wei n’est pas limitrophe de Xianyang.',
    );
    expect(tr('fr', 'orders.problem.parse.noUnit', { place: 'Song' })).toBe('il n’y a aucune unité au Song');
    expect(frenchDeterminer('', 'Yorkshire')).toBe('le ');
    expect(frenchDeterminer('de', 'Yorkshire')).toBe('du ');
    // every state listed is a power of those variants
    const powers = new Set([...ws.powers, ...mandate.powers].map((p) => powerName(ws, 'fr', p.name)));
    expect(frenchStatesListed().filter((name) => !powers.has(name))).toEqual([]);
  });

  it('words Mandate of Heaven’s neutral states with their article and agreement', () => {
    expect(tr('fr', 'variant.mandate-of-heaven.event.activated', { power: 'Song', count: 4 })).toBe(
      'Le Song compte désormais 4 centres de ravitaillement, soit 3 ou plus, et devient actif : le maître du jeu peut y asseoir un nouveau joueur (jamais un joueur éliminé de cette partie) ; d’ici là, le vote des joueurs le dirige toujours (règle 3 du Mandat du Ciel).',
    );
    expect(tr('fr', 'variant.mandate-of-heaven.reason.notVoter', { power: 'Qin', neutral: 'Lu' })).toMatch(
      /^non compté : le Qin ne vote pas pour les unités de Lu /,
    );
  });

  it('leaves Warhammer’s powers, which it has no data for, as they are (feminine agreement)', () => {
    const warhammer = getVariant('warhammer')!;
    // The choice rests on the variant naming its powers in English alone (docs/locales.md "Agreement"): a French
    // name for one (`Nains`) must come with its article in french-places.ts.
    for (const power of warhammer.powers) expect(powerName(warhammer, 'fr', power.name)).toBe(power.name);
    expect(owns(powerName(warhammer, 'fr', 'Empire'))).toBe('Empire possède déjà la Bourgogne.');
    expect(given(powerName(warhammer, 'fr', 'Empire'))).toBe(
      '🛠️ Le maître du jeu a donné le centre de ravitaillement du Portugal à Empire.',
    );
    expect(moved(powerName(warhammer, 'fr', 'Dwarves'), 'Estalia', 'Kislev')).toBe('🏳️ Dwarves concède à Estalia');
    expect(tr('fr', 'votes.concede.moved', { power: 'Qin', to: 'Chu', previous: 'Empire' })).toContain(
      'Le Qin concède au Chu (au lieu d’Empire)',
    );
  });
});
