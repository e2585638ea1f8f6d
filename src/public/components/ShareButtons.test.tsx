// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/public/toast/Toaster';
import { recordSharePress } from '../api/views';
import { ShareButtons } from './ShareButtons';

// The press is counted by the database (sharePress.ts): here, only that it is asked for.
vi.mock('../api/views', () => ({ recordSharePress: vi.fn() }));

const url = 'https://afrique-actu.example/article/cacao-prix';
const title = 'Cacao : les prix flambent & les planteurs attendent';

// jsdom has neither pop-ups nor the old copy command: both are the browser's, stubbed here.
const open = vi.fn();
const execCommand = vi.fn();

beforeEach(() => {
  vi.stubGlobal('open', open);
  // The reader's window: 1200×800 at (100, 50) on the screen.
  Object.assign(window, { screenX: 100, screenY: 50, outerWidth: 1200, outerHeight: 800 });
  document.execCommand = execCommand;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  open.mockReset();
  execCommand.mockReset();
});

function renderBar() {
  // userEvent.setup() puts its own clipboard on navigator: tests replace it after this.
  const user = userEvent.setup();
  render(
    <Toaster>
      <ShareButtons url={url} title={title} placement="top" />
    </Toaster>,
  );
  return { user, bar: screen.getByRole('group', { name: "Partager l'article" }) };
}

/** The clipboard as this browser offers it: `undefined` for none at all (plain http, old browsers). */
function setClipboard(clipboard: { writeText: (text: string) => Promise<void> } | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

// Centred on the reader's window: left 100 + (1200 − 600) / 2, top 50 + (800 − 400) / 2.
const FEATURES = 'width=600,height=400,left=400,top=250,noopener,noreferrer';

it.each([
  ['Partager sur WhatsApp', `https://wa.me/?text=${encodeURIComponent(`*${title}*\n\n${url}?s=wa`)}`],
  ['Partager sur Facebook', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${url}?s=fb`)}`],
  ['Partager sur Twitter', `https://twitter.com/intent/tweet?url=${encodeURIComponent(`${url}?s=x`)}&text=${encodeURIComponent(title)}`],
  ['Partager sur LinkedIn', `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(`${url}?s=li`)}`],
])('%s opens the network’s share page in a 600×400 pop-up centred on the window', async (label, shareUrl) => {
  const { user, bar } = renderBar();
  await user.click(within(bar).getByRole('button', { name: label }));
  expect(open).toHaveBeenCalledExactlyOnceWith(shareUrl, '_blank', FEATURES);
  expect(recordSharePress).toHaveBeenLastCalledWith(shareUrl);
});

it('copies the link with the clipboard API and says so in French', async () => {
  const { user, bar } = renderBar();
  const writeText = vi.fn().mockResolvedValue(undefined);
  setClipboard({ writeText });
  await user.click(within(bar).getByRole('button', { name: 'Copier le lien' }));
  expect(writeText).toHaveBeenCalledExactlyOnceWith(url);
  const status = screen.getByRole('status');
  expect(await within(status).findByText('Lien copié !')).toBeTruthy();
  expect(within(status).getByText("Le lien de l'article est dans votre presse-papiers.")).toBeTruthy();
  expect(execCommand).not.toHaveBeenCalled();
  expect(open).not.toHaveBeenCalled();
});

it('copies the link for TikTok with its own message', async () => {
  const { user, bar } = renderBar();
  const writeText = vi.fn().mockResolvedValue(undefined);
  setClipboard({ writeText });
  await user.click(within(bar).getByRole('button', { name: 'Partager sur TikTok' }));
  expect(writeText).toHaveBeenCalledExactlyOnceWith(url);
  expect(await screen.findByText('Lien copié pour TikTok !')).toBeTruthy();
  expect(screen.getByText('Collez-le dans votre vidéo ou votre bio TikTok.')).toBeTruthy();
});

it.each([
  ['is missing', undefined],
  ['refuses', { writeText: () => Promise.reject(new DOMException('Refusé', 'NotAllowedError')) }],
])('when the clipboard API %s, copies from a selected text field instead', async (_case, clipboard) => {
  const { user, bar } = renderBar();
  setClipboard(clipboard);
  let copiedText: string | null = null;
  execCommand.mockImplementation((command: string) => {
    const area = document.querySelector('textarea');
    copiedText = command === 'copy' && area && area.selectionEnd - area.selectionStart === area.value.length ? area.value : null;
    return true;
  });
  await user.click(within(bar).getByRole('button', { name: 'Copier le lien' }));
  expect(await screen.findByText('Lien copié !')).toBeTruthy();
  expect(copiedText).toBe(url);
  // The helper field is gone afterwards.
  expect(document.querySelector('textarea')).toBeNull();
});

it('tells the reader in French to copy the address by hand when no copy works', async () => {
  const { user, bar } = renderBar();
  setClipboard(undefined);
  execCommand.mockReturnValue(false);
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  await user.click(within(bar).getByRole('button', { name: 'Copier le lien' }));
  expect(await screen.findByText('Impossible de copier le lien')).toBeTruthy();
  expect(screen.getByText("Copiez l'adresse depuis la barre du navigateur.")).toBeTruthy();
  expect(screen.queryByText('Lien copié !')).toBeNull();
  expect(logged).toHaveBeenCalled();
});

it('names the bottom bar after its visible heading', () => {
  render(
    <Toaster>
      <ShareButtons url={url} title={title} placement="bottom" />
    </Toaster>,
  );
  const bar = screen.getByRole('group', { name: 'Partager cet article' });
  expect(
    within(bar)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label')),
  ).toEqual([
    'Partager sur WhatsApp',
    'Partager sur Facebook',
    'Partager sur Twitter',
    'Partager sur LinkedIn',
    'Copier le lien',
    'Partager sur TikTok',
  ]);
});

describe('on a phone with the system share sheet', () => {
  const share = vi.fn();
  beforeEach(() => {
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)', media: query }));
  });
  afterEach(() => {
    share.mockReset();
    delete (navigator as { share?: unknown }).share;
  });

  const renderWithPoints = () => {
    const user = userEvent.setup();
    render(
      <Toaster>
        <ShareButtons url={url} title={title} keyPoints={['Premier point.', 'Second point.']} placement="top" />
      </Toaster>,
    );
    return { user, bar: screen.getByRole('group', { name: "Partager l'article" }) };
  };

  it('opens it first, with the bold title and the key points as text and the link as url', async () => {
    share.mockResolvedValue(undefined);
    const { user, bar } = renderWithPoints();
    expect(within(bar).getAllByRole('button')[0].getAttribute('aria-label')).toBe('Partager…');
    await user.click(within(bar).getByRole('button', { name: 'Partager…' }));
    expect(share).toHaveBeenCalledExactlyOnceWith({ title, text: `*${title}*\n\n- Premier point.\n- Second point.`, url });
    expect(open).not.toHaveBeenCalled();
    // The network buttons stay: WhatsApp still sends the same message straight away.
    await user.click(within(bar).getByRole('button', { name: 'Partager sur WhatsApp' }));
    expect(new URL(open.mock.calls[0][0] as string).searchParams.get('text')).toBe(
      `*${title}*\n\n- Premier point.\n- Second point.\n\n${url}?s=wa`,
    );
  });

  it('says nothing when the reader closes the sheet, and says so in French when it fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    share.mockRejectedValueOnce(new DOMException('Share canceled', 'AbortError'));
    const { user, bar } = renderWithPoints();
    await user.click(within(bar).getByRole('button', { name: 'Partager…' }));
    expect(share).toHaveBeenCalledOnce();
    expect(screen.queryByText('Impossible de partager')).toBeNull();
    expect(logged).not.toHaveBeenCalled();

    share.mockRejectedValueOnce(new DOMException('Not allowed', 'NotAllowedError'));
    await user.click(within(bar).getByRole('button', { name: 'Partager…' }));
    expect(await screen.findByText('Impossible de partager')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });
});

it('offers no system sheet with a mouse, even where the browser has one', () => {
  Object.defineProperty(navigator, 'share', { value: vi.fn(), configurable: true });
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
  const { bar } = renderBar();
  expect(within(bar).queryByRole('button', { name: 'Partager…' })).toBeNull();
  delete (navigator as { share?: unknown }).share;
});
