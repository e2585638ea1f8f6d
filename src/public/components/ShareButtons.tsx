import { useSyncExternalStore, type ReactNode } from 'react';
import { popupFeatures, shareUrl, type SharedPage, type ShareNetwork } from './share';
import { canShareNatively, shareNatively } from './systemShare';
import { useToast } from '@/public/toast/Toaster';
import './ShareButtons.css';

// Small glyphs drawn here rather than an icon library: 24×24, currentColor.
const icon = (body: ReactNode, stroke = false) => (
  <svg
    viewBox="0 0 24 24"
    width="20"
    height="20"
    aria-hidden="true"
    focusable="false"
    {...(stroke
      ? { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const }
      : { fill: 'currentColor' })}
  >
    {body}
  </svg>
);

const ICONS = {
  whatsapp: icon(
    <>
      <path d="M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3z" />
      <path
        d="M9 8.2c.2-.4.5-.4.7-.4h.5c.2 0 .4 0 .5.4l.7 1.6c.1.2 0 .4-.1.6l-.5.6c.6 1.2 1.5 2.1 2.7 2.7l.6-.6c.2-.2.4-.2.6-.1l1.6.7c.3.1.4.3.4.5v.5c0 .8-.9 1.5-1.8 1.5-2.9-.2-5.8-3.1-6-6 0-.5.1-1.1.6-1.5z"
        fill="currentColor"
        stroke="none"
      />
    </>,
    true,
  ),
  facebook: icon(
    <path d="M13.5 21v-7.5H16l.5-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H8v3h2.5V21z" />,
  ),
  twitter: icon(<path d="M4 4h4.6l3.7 5.1L16.9 4h2.4l-5.9 6.6L20.2 20h-4.6l-4.1-5.6-5 5.6H4.1l6.4-7.1zm3 1.6 9.4 12.8h1.4L8.4 5.6z" />),
  linkedin: icon(
    <path d="M4.5 9h3.2v10.5H4.5zM6.1 3.8a1.9 1.9 0 1 1 0 3.8 1.9 1.9 0 0 1 0-3.8zM10 9h3.1v1.4c.5-.8 1.6-1.7 3.3-1.7 3.4 0 4 2.2 4 5.1v5.7h-3.2v-5c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7v5.1H10z" />,
  ),
  link: icon(
    <>
      <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
      <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
    </>,
    true,
  ),
  share: icon(
    <>
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4" />
    </>,
    true,
  ),
  tiktok: icon(<path d="M16.2 3c.4 2.2 1.8 3.6 3.8 3.8v3.1a7 7 0 0 1-3.8-1.2v6.1A5.9 5.9 0 1 1 10.3 9v3.2a2.8 2.8 0 1 0 2.7 2.8V3z" />),
};

const NETWORKS: { network: ShareNetwork; label: string }[] = [
  // WhatsApp first: it is where our readers share most.
  { network: 'whatsapp', label: 'Partager sur WhatsApp' },
  { network: 'facebook', label: 'Partager sur Facebook' },
  { network: 'twitter', label: 'Partager sur Twitter' },
  { network: 'linkedin', label: 'Partager sur LinkedIn' },
];

// Copy-link, and TikTok (which takes no shared link): the address goes to the clipboard, each
// with its own message.
const COPIES: { icon: 'link' | 'tiktok'; label: string; toast: { title: string; description: string } }[] = [
  {
    icon: 'link',
    label: 'Copier le lien',
    toast: { title: 'Lien copié !', description: "Le lien de l'article est dans votre presse-papiers." },
  },
  {
    icon: 'tiktok',
    label: 'Partager sur TikTok',
    toast: { title: 'Lien copié pour TikTok !', description: 'Collez-le dans votre vidéo ou votre bio TikTok.' },
  },
];

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // No async clipboard (plain http, old browser, denied): fall back to a selected textarea.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:0;opacity:0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('Clipboard copy refused');
}

interface Props extends SharedPage {
  /** Where the bar sits, for its accessible name and layout. */
  placement: 'top' | 'bottom';
}

const noSubscription = () => () => {};

/**
 * Share bar of an article: four networks in a 600×400 pop-up, copy-link and TikTok via the
 * clipboard, and on phones first the system's share sheet. The server cannot know the device:
 * the sheet's button appears once hydrated, the others are always there.
 */
export function ShareButtons({ url, title, keyPoints, placement }: Props) {
  const toast = useToast();
  const native = useSyncExternalStore(noSubscription, canShareNatively, () => false);

  const openPopup = (network: ShareNetwork) => {
    const { screenX, screenY, outerWidth, outerHeight } = window;
    window.open(shareUrl(network, { url, title, keyPoints }), '_blank', popupFeatures({ screenX, screenY, outerWidth, outerHeight }));
  };

  const shareSheet = () => {
    shareNatively({ url, title, keyPoints }).catch((error: unknown) => {
      console.error('System share failed', error);
      toast({ title: 'Impossible de partager', description: 'Utilisez les boutons de partage ou copiez le lien.', variant: 'error' });
    });
  };

  const copy = (success: { title: string; description: string }) => {
    copyText(url).then(
      () => toast(success),
      (error: unknown) => {
        console.error('Copy to clipboard failed', error);
        toast({ title: 'Impossible de copier le lien', description: "Copiez l'adresse depuis la barre du navigateur.", variant: 'error' });
      },
    );
  };

  return (
    <div
      className={`share share--${placement}`}
      role="group"
      aria-label={placement === 'top' ? "Partager l'article" : 'Partager cet article'}
    >
      {placement === 'bottom' && <p className="share__label">Partager cet article</p>}
      <div className="share__buttons">
        {native && (
          <button
            type="button"
            className="share__button share__button--share"
            aria-label="Partager…"
            title="Partager…"
            onClick={shareSheet}
          >
            {ICONS.share}
          </button>
        )}
        {NETWORKS.map(({ network, label }) => (
          <button
            key={network}
            type="button"
            className={`share__button share__button--${network}`}
            aria-label={label}
            title={label}
            // For the data-saver page's script, which has no React (src/public/dataSaver/lite.ts).
            data-share-href={shareUrl(network, { url, title, keyPoints })}
            onClick={() => openPopup(network)}
          >
            {ICONS[network]}
          </button>
        ))}
        {COPIES.map(({ icon, label, toast: message }) => (
          <button
            key={icon}
            type="button"
            className={`share__button share__button--${icon}`}
            aria-label={label}
            title={label}
            onClick={() => copy(message)}
          >
            {ICONS[icon]}
          </button>
        ))}
      </div>
    </div>
  );
}
