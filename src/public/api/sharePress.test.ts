import { describe, expect, it } from 'vitest';
import { shareUrl } from '../components/share';
import { sharePressArgs } from './sharePress';

const page = { url: 'https://afrique-actu.example/article/le-cacao-%C3%A0-abidjan', title: 'Le cacao', keyPoints: ['Un point.'] };

describe('a share press, read from the share page the button opens', () => {
  it.each([
    ['whatsapp', 'whatsapp'],
    ['facebook', 'facebook'],
    ['twitter', 'x'],
    ['linkedin', 'linkedin'],
  ] as const)('%s names its network and the article', (network, counted) => {
    expect(sharePressArgs(shareUrl(network, page))).toEqual({ p_slug: 'le-cacao-à-abidjan', p_network: counted });
  });

  it('counts nothing for another address', () => {
    expect(sharePressArgs('https://example.com/?u=https://afrique-actu.example/article/x')).toBeNull();
    expect(sharePressArgs('https://wa.me/?text=bonjour')).toBeNull();
  });
});
