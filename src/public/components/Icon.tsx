import sprite from '../assets/icons.svg?no-inline';

/** A glyph of the site's sprite (assets/icons.svg), as its id there. */
export type IconName = 'whatsapp' | 'facebook' | 'twitter' | 'linkedin' | 'link' | 'share' | 'tiktok';

/**
 * A decorative 20×20 glyph in the text's colour, drawn from the sprite file the browser caches once:
 * the control it sits in carries the accessible name.
 */
export function Icon({ name }: { name: IconName }) {
  return (
    <svg width="20" height="20" aria-hidden="true" focusable="false">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
