import { useSyncExternalStore } from 'react';
import { openSharePage } from './popup';
import { shareUrl, type SharedPage, type ShareNetwork } from './share';
import { canShareNatively, shareNatively } from './systemShare';
import { useToast, type ToastInput } from '@/public/toast/Toaster';
import { Icon } from './Icon';
import { COPY_FAILED } from './copyFailed';

const NETWORKS: { network: ShareNetwork; label: string }[] = [
  // WhatsApp first: it is where our readers share most.
  { network: 'whatsapp', label: 'Partager sur WhatsApp' },
  { network: 'facebook', label: 'Partager sur Facebook' },
  { network: 'twitter', label: 'Partager sur Twitter' },
  { network: 'linkedin', label: 'Partager sur LinkedIn' },
];

/** The bar's buttons that copy the address rather than open a network's page. */
export type CopyButton = 'link' | 'tiktok';

// Copy-link, and TikTok (which takes no shared link): the address goes to the clipboard, each
// with its own message.
const COPIES: { icon: CopyButton; label: string; toast: { title: string; description: string } }[] = [
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

/**
 * Puts the page's address on the clipboard and says so, or says to copy it from the address bar.
 * Also for a press on the server's markup before this code came (ShareBar.tsx).
 */
export function copyPageLink(url: string, button: CopyButton, toast: (t: ToastInput) => void): Promise<void> {
  const success = COPIES.find((c) => c.icon === button)!.toast;
  return copyText(url).then(
    () => toast(success),
    (error: unknown) => {
      console.error('Copy to clipboard failed', error);
      toast(COPY_FAILED);
    },
  );
}

export interface ShareButtonsProps extends SharedPage {
  /** Where the bar sits, for its accessible name and layout. */
  placement: 'top' | 'bottom';
}

const noSubscription = () => () => {};

/**
 * Share bar of an article (ShareBar.tsx brings it): four networks in a 600×400 pop-up, copy-link and TikTok via the
 * clipboard, and on phones first the system's share sheet. The server cannot know the device:
 * the sheet's button appears once hydrated, the others are always there.
 */
export function ShareButtons({ url, title, keyPoints, verdict, placement }: ShareButtonsProps) {
  const toast = useToast();
  const native = useSyncExternalStore(noSubscription, canShareNatively, () => false);

  const openPopup = (network: ShareNetwork) => openSharePage(shareUrl(network, { url, title, keyPoints, verdict }));

  const shareSheet = () => {
    shareNatively({ url, title, keyPoints, verdict }).catch((error: unknown) => {
      console.error('System share failed', error);
      toast({ title: 'Impossible de partager', description: 'Utilisez les boutons de partage ou copiez le lien.', variant: 'error' });
    });
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
            <Icon name="share" />
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
            data-share-href={shareUrl(network, { url, title, keyPoints, verdict })}
            onClick={() => openPopup(network)}
          >
            <Icon name={network} />
          </button>
        ))}
        {COPIES.map(({ icon, label }) => (
          <button
            key={icon}
            type="button"
            className={`share__button share__button--${icon}`}
            aria-label={label}
            title={label}
            // For a press before this code has come (ShareBar.tsx): which copy it was.
            data-copy={icon}
            onClick={() => void copyPageLink(url, icon, toast)}
          >
            <Icon name={icon} />
          </button>
        ))}
      </div>
    </div>
  );
}
