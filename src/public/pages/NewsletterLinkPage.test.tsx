// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PageProvider } from '../page/PageContext';
import { BrowserRouter } from '../router/Router';
import { Footer } from '../components/Footer';
import { Toaster } from '../toast/Toaster';
import { SessionProvider } from '../session/SessionProvider';
import { ConfirmPage, UnsubscribePage } from './NewsletterLinkPage';

// The newsletter's link pages and the footer: one promise (the settings' send time, read with the
// page), a question until the button is pressed, a heading that says what was done after.

const PROMISE_AT_7 = "La Matinale, la lettre quotidienne d'Afrique Actu : l'essentiel de l'actualité africaine, chaque matin à 7 h.";

function renderAt(url: string, page: ReactNode, newsletterTime?: string) {
  window.history.replaceState(null, '', url);
  render(
    <BrowserRouter>
      <PageProvider value={{ origin: 'https://example.org', seed: null, newsletterTime }}>
        <Toaster>
          <SessionProvider>{page}</SessionProvider>
        </Toaster>
      </PageProvider>
    </BrowserRouter>,
  );
}

beforeEach(() => localStorage.clear());

describe('one promise', () => {
  it('the footer and the confirmation page say the name, daily, and the send time the server read', () => {
    renderAt(
      '/newsletter/confirmation?jeton=abc',
      <>
        <ConfirmPage />
        <Footer />
      </>,
      '07:00',
    );
    expect(screen.getByText(PROMISE_AT_7)).toBeTruthy();
    expect(screen.getByText(`Un clic pour recevoir ${PROMISE_AT_7} Un lien de désinscription dans chaque envoi.`)).toBeTruthy();
    expect(screen.queryByText(/chaque vendredi|de la semaine/)).toBeNull();
  });
  it('says the default time (06:30) when the server could not read it', () => {
    renderAt('/', <Footer />);
    expect(screen.getByText(/chaque matin à 6 h 30\.$/)).toBeTruthy();
  });
});

describe('the link pages', () => {
  it('confirmation: asks under « Confirmer votre inscription », with its button', () => {
    renderAt('/newsletter/confirmation?jeton=abc', <ConfirmPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirmer votre inscription');
    expect(screen.getByRole('button', { name: 'Confirmer mon inscription' })).toBeTruthy();
  });
  it('confirmation done: the heading no longer asks', () => {
    renderAt('/newsletter/confirmation?etat=fait', <ConfirmPage />, '07:00');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Inscription confirmée');
    expect(
      screen.getByText('Votre inscription est confirmée : vous recevrez La Matinale chaque matin à 7 h, dès la prochaine édition.'),
    ).toBeTruthy();
  });
  it('unsubscribe: nothing said as done before the button is pressed; after, it is', () => {
    renderAt('/newsletter/desinscription?jeton=abc', <UnsubscribePage />);
    expect(document.body.textContent).not.toMatch(/ne recevrez plus/i);
    expect(screen.getByText('Pour ne plus recevoir La Matinale à cette adresse, confirmez avec le bouton ci-dessous.')).toBeTruthy();
  });
  it('unsubscribe done: « Désinscription faite » and what it means', () => {
    renderAt('/newsletter/desinscription?etat=fait', <UnsubscribePage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Désinscription faite');
    expect(screen.getByText(/Vous ne recevrez plus nos envois à cette adresse\.$/)).toBeTruthy();
  });
});
