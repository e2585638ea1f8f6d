import { describe, expect, it } from 'vitest';
import { shareMessage, shareUrl } from '../share';
import { verdictText } from './verdictText';
import { LINK_TAGS } from '@/lib/channels';
import { CORRECTION_KIT_TAG, correctionKitMessage } from './correctionKit';

const verdict = { label: 'Faux', claim: 'Le *pont* de Kaolack a été vendu.', summary: ' Aucun acte de vente : le pont reste public. ' };
const url = 'https://afrique-actu.example/article/pont-kaolack';

describe('a fact-check’s WhatsApp text', () => {
  it('is « *FAUX* — {claim} », « En bref », then the link', () => {
    expect(verdictText(verdict)).toBe('*FAUX* — Le pont de Kaolack a été vendu.\n\nAucun acte de vente : le pont reste public.');
    expect(shareMessage({ url, title: 'Non, le pont n’a pas été vendu', verdict })).toBe(
      '*FAUX* — Le pont de Kaolack a été vendu.\n\nAucun acte de vente : le pont reste public.\n\n' + url,
    );
    expect(decodeURIComponent(shareUrl('whatsapp', { url, title: 'x', verdict }).split('text=')[1])).toMatch(/^\*FAUX\* — Le pont/);
  });
  it('writes every verdict in capitals, accents kept, and does without « En bref »', () => {
    expect(verdictText({ label: 'Plutôt vrai', claim: 'Le PIB a crû de 6 %.' })).toBe('*PLUTÔT VRAI* — Le PIB a crû de 6 %.');
  });
  it('an ordinary article keeps its bold title and key points', () => {
    expect(shareMessage({ url, title: 'Titre', keyPoints: ['Un'] })).toBe(`*Titre*\n\n- Un\n\n${url}`);
  });
});

describe('the « Kit de correction »', () => {
  it('tags its link with the channels’ own tag for it', () => {
    expect(CORRECTION_KIT_TAG).toBe(LINK_TAGS.correctionKit);
  });
  it('is the verdict, the claim, « En bref » and the link tagged with its channel', () => {
    expect(correctionKitMessage(verdict, url, 'Afrique Actu')).toBe(
      '*FAUX* — Le pont de Kaolack a été vendu.\n\nAucun acte de vente : le pont reste public.\n\n' +
        `Vérifié par Afrique Actu : ${url}?s=vf-kit`,
    );
  });
});
