// @vitest-environment jsdom
import type { Session, User } from '@supabase/supabase-js';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { Toaster } from '@/public/toast/Toaster';
import { SessionContext, SessionProvider, type SessionState } from '../session/SessionProvider';
import { AccountControls, signedInControls } from './AccountControls';

// A signed-in reader's controls are a chunk of their own: loaded first, they render at once.
beforeAll(() => signedInControls.preload());

const user = { id: '5f0c1d2e-0000-4000-8000-000000000001', email: 'awa@example.org' } as User;

/** A session state as SessionProvider gives it once auth has answered (no auth server here). */
function sessionOf(state: Partial<SessionState>): SessionState {
  const signedIn = state.user !== undefined ? state.user : user;
  return {
    user: signedIn,
    session: signedIn ? ({ user: signedIn } as Session) : null,
    loading: false,
    isNewsroom: false,
    checkingRole: false,
    signOut: vi.fn().mockResolvedValue(undefined),
    ...state,
  };
}

const withSession = (state: SessionState, children: ReactNode) => (
  <Toaster>
    <SessionContext.Provider value={state}>{children}</SessionContext.Provider>
  </Toaster>
);

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/article/cacao-prix');
});

it('offers a signed-out visitor the sign-in link only (the real provider, nothing stored)', async () => {
  const onNavigate = vi.fn();
  render(
    <Toaster>
      <SessionProvider>
        <AccountControls onNavigate={onNavigate} />
      </SessionProvider>
    </Toaster>,
  );
  const signIn = await screen.findByRole('link', { name: 'Se connecter' });
  expect(signIn.getAttribute('href')).toBe('/auth');
  expect(screen.queryByRole('link', { name: 'Mes articles' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Se déconnecter' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  await userEvent.click(signIn);
  expect(window.location.pathname).toBe('/auth');
  expect(onNavigate).toHaveBeenCalledOnce();
});

it('offers nothing while the stored session is still being read', () => {
  render(withSession(sessionOf({ user: null, loading: true }), <AccountControls />));
  // The sign-in link keeps its place, hidden from everyone until the answer is known.
  expect(screen.queryByRole('link')).toBeNull();
  expect(screen.queryByRole('button')).toBeNull();
});

it('offers a signed-in reader sign-out, without the Admin button', () => {
  render(withSession(sessionOf({}), <AccountControls />));
  expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Se connecter' })).toBeNull();
});

it('offers a signed-in reader their saved articles, "Mes articles", and closes the menu on the way', async () => {
  const onNavigate = vi.fn();
  render(withSession(sessionOf({}), <AccountControls onNavigate={onNavigate} />));
  const saved = screen.getByRole('link', { name: 'Mes articles' });
  expect(saved.getAttribute('href')).toBe('/mes-articles');
  await userEvent.click(saved);
  expect(window.location.pathname).toBe('/mes-articles');
  expect(onNavigate).toHaveBeenCalledOnce();
});

it('offers a newsroom member (administrator or journalist) the back office as well', () => {
  render(withSession(sessionOf({ isNewsroom: true }), <AccountControls />));
  expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin/dashboard');
  expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeTruthy();
});

it('signs out, says so in French and goes back to the home page', async () => {
  const state = sessionOf({});
  const onNavigate = vi.fn();
  render(withSession(state, <AccountControls onNavigate={onNavigate} />));
  await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
  expect(state.signOut).toHaveBeenCalledOnce();
  expect(await screen.findByText('Déconnexion réussie')).toBeTruthy();
  expect(window.location.pathname).toBe('/');
  expect(onNavigate).toHaveBeenCalledOnce();
});
