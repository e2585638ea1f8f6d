import { describe, expect, it } from 'vitest';
import type { FactCheck } from '@/lib/factCheck';
import type { ArticlePageData } from '@/public/api/types';
import { articleHeadMeta, articleMeta } from '@/public/meta';
import { headTags } from './head';

const ORIGIN = 'https://afrique-actu.example';
const CHECK: FactCheck = {
  claim: 'Le vaccin contre le paludisme rend stérile.',
  claimant: 'Publications virales',
  channels: 'WhatsApp, TikTok',
  links: ['https://tiktok.example/@x/video/1', 'https://facebook.example/post/2'],
  first_seen: '2026-11-10',
  verdict: 'false',
  summary: 'Aucune étude ne montre d’effet sur la fertilité.',
  sources: [{ title: 'OMS', url: 'https://who.example/rts', consulted: '2026-11-12' }],
};

function page(format: string, factCheck: FactCheck | null): ArticlePageData {
  return {
    article: {
      id: 'a1',
      slug: 'vaccin-paludisme-sterilite',
      title: 'Non, le vaccin contre le paludisme ne rend pas stérile',
      excerpt: null,
      image_url: null,
      image_alt: null,
      published_at: '2026-11-12T08:00:00Z',
      category: { name: 'Santé', slug: 'sante' },
      content: 'Nous avons vérifié.',
      author_id: null,
      category_id: 'c1',
      updated_at: '2026-11-12T08:00:00Z',
      key_points: [],
      format,
      fact_check: factCheck as never,
    },
    authorName: 'Rédaction',
    images: [],
    related: [],
    corrections: [],
  };
}

const jsonLd = (data: ArticlePageData) => {
  const head = headTags(articleHeadMeta(articleMeta(data), data), ORIGIN);
  return JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(head)![1]);
};

describe('ClaimReview beside NewsArticle', () => {
  it('a « Vrai ou faux » says both: its NewsArticle, and a ClaimReview of its claim with the verdict and where the claim was seen', () => {
    const [article, review] = jsonLd(page('factcheck', CHECK));
    expect(article['@type']).toBe('NewsArticle');
    expect(review).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ClaimReview',
      url: `${ORIGIN}/article/vaccin-paludisme-sterilite`,
      claimReviewed: 'Le vaccin contre le paludisme rend stérile.',
      datePublished: '2026-11-12T08:00:00Z',
      dateModified: '2026-11-12T08:00:00Z',
      author: expect.objectContaining({ '@type': 'NewsMediaOrganization', name: 'Afrique Actu' }),
      reviewRating: { '@type': 'Rating', ratingValue: 1, bestRating: 5, worstRating: 1, alternateName: 'Faux' },
      itemReviewed: {
        '@type': 'Claim',
        author: { '@type': 'Organization', name: 'Publications virales' },
        datePublished: '2026-11-10',
        appearance: [
          { '@type': 'CreativeWork', url: 'https://tiktok.example/@x/video/1' },
          { '@type': 'CreativeWork', url: 'https://facebook.example/post/2' },
        ],
      },
    });
  });

  it('names a public figure as a Person, and rates « Plutôt vrai » 4 of 5', () => {
    const [, review] = jsonLd(page('factcheck', { ...CHECK, claimant: 'Awa Ndiaye, ministre de la Santé', verdict: 'mostly_true' }));
    expect(review.itemReviewed.author).toEqual({ '@type': 'Person', name: 'Awa Ndiaye, ministre de la Santé' });
    expect(review.reviewRating).toMatchObject({ ratingValue: 4, alternateName: 'Plutôt vrai' });
  });

  it('an ordinary article, or a check left behind when the format went back, says only NewsArticle', () => {
    expect(jsonLd(page('article', CHECK))['@type']).toBe('NewsArticle');
    expect(jsonLd(page('factcheck', null))['@type']).toBe('NewsArticle');
  });
});
