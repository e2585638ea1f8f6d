import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { ArticleImagesNotRecorded } from '../../providers/articleCallbacks';
import { ImageNotSaved } from '../../providers/articleImageRows';
import { describeSaveError } from '../saveErrors';
import { altTextRefusal, altTextRequiredMessage, goesOut, missingAltText } from './altText';

const refusal = {
  code: '23514',
  details: 'alt_text_required',
  message: 'every image needs its alternative text before the article goes out',
};

describe('goesOut', () => {
  it('is true for Publié and Programmé only', () => {
    expect(['draft', 'review', 'scheduled', 'published', undefined].map(goesOut)).toEqual([false, false, true, true, false]);
  });
});

describe('missingAltText', () => {
  it('numbers the images without alternative text as the panel does (1 first); blank counts as missing', () => {
    const images = [
      { id: 'a', image_url: 'u1', alt_text: 'Un marché' },
      { id: 'b', image_url: 'u2', alt_text: '   ' },
      { id: 'c', image_url: 'u3' },
    ];
    expect(missingAltText(images)).toEqual([2, 3]);
    expect(missingAltText(images.slice(0, 1))).toEqual([]);
  });
});

describe('altTextRequiredMessage', () => {
  it('names the image or images, and says « programmer » for a scheduled article', () => {
    expect(altTextRequiredMessage([2])).toBe("Ajoutez un texte alternatif à l'image 2 avant de publier l'article.");
    expect(altTextRequiredMessage([1, 3])).toBe("Ajoutez un texte alternatif aux images 1 et 3 avant de publier l'article.");
    expect(altTextRequiredMessage([1, 2, 4], 'scheduled')).toBe(
      "Ajoutez un texte alternatif aux images 1, 2 et 4 avant de programmer l'article.",
    );
    expect(altTextRequiredMessage()).toBe("Ajoutez un texte alternatif à chaque image avant de publier l'article.");
  });
});

describe('altTextRefusal', () => {
  it("reads the database's refusal from supabase-js and from react-admin's HttpError", () => {
    const message = "Ajoutez un texte alternatif à chaque image avant de publier l'article.";
    expect(altTextRefusal(refusal)).toBe(message);
    expect(altTextRefusal(new HttpError(refusal.message, 400, refusal))).toBe(message);
  });

  it('names the image whose write was refused, even wrapped by a create whose images stopped part-way', () => {
    const refused = new ImageNotSaved(1, refusal);
    expect(altTextRefusal(refused)).toBe("Ajoutez un texte alternatif à l'image 2 avant de publier l'article.");
    // Wrapped again by a layer that copies the code and detail (a French ShownError, say): still named.
    const rewrapped = Object.assign(new Error('Une image n’a pas de texte alternatif', { cause: refused }), refusal);
    expect(altTextRefusal(rewrapped)).toBe("Ajoutez un texte alternatif à l'image 2 avant de publier l'article.");
    expect(altTextRefusal(new ArticleImagesNotRecorded('a1', refused))).toBe(
      "Ajoutez un texte alternatif à l'image 2 avant de publier l'article.",
    );
  });

  it('is null for any other refusal, which the save message tells its own way', () => {
    expect(altTextRefusal({ code: '23514', details: 'author_not_newsroom' })).toBeNull();
    expect(altTextRefusal({ code: '23505' })).toBeNull();
    expect(altTextRefusal(null)).toBeNull();
  });

  it('is what a refused save says', () => {
    expect(describeSaveError(new ImageNotSaved(0, refusal))).toBe("Ajoutez un texte alternatif à l'image 1 avant de publier l'article.");
    expect(describeSaveError(new HttpError(refusal.message, 400, refusal))).toBe(
      "Ajoutez un texte alternatif à chaque image avant de publier l'article.",
    );
  });
});
