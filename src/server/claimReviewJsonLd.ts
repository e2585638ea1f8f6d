import { VIRAL_CLAIMANT } from '@/lib/factCheck';
import type { ClaimReviewMeta } from '@/public/meta';

/**
 * schema.org ClaimReview for a « Vrai ou faux », written beside the page's NewsArticle: the claim
 * checked (claimReviewed), the verdict as a Rating from 1 (false) to 5 (true) with its French
 * label as alternateName, and the claim itself (itemReviewed, a Claim) with who made it and where
 * it was seen (appearance). The verdict so travels to tools that read fact-checks, whatever the
 * search engines choose to show.
 */
export function claimReviewData(
  review: ClaimReviewMeta,
  page: { url: string; publishedAt: string | null; modifiedAt?: string | null },
  author: Record<string, unknown>,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ClaimReview',
    url: page.url,
    claimReviewed: review.claim,
    datePublished: page.publishedAt,
    ...(page.modifiedAt ? { dateModified: page.modifiedAt } : {}),
    author,
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1, alternateName: review.verdict },
    itemReviewed: {
      '@type': 'Claim',
      // A private person's post is named by what it is, never by who: an organisation-like name.
      author:
        review.claimant === VIRAL_CLAIMANT
          ? { '@type': 'Organization', name: VIRAL_CLAIMANT }
          : { '@type': 'Person', name: review.claimant },
      ...(review.firstSeen ? { datePublished: review.firstSeen } : {}),
      ...(review.appearances.length ? { appearance: review.appearances.map((url) => ({ '@type': 'CreativeWork', url })) } : {}),
    },
  };
}
