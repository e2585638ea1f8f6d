import { beforeAll, beforeEach, expect, it, vi } from 'vitest';

// The service worker's alert click, with the worker's globals played here: its clients (the tabs)
// and its listeners. The alert's link carries the alerts' channel tag (s=al); a tab's address bar
// has none once the reader page counted it (src/public/reading/visit.ts).
const ORIGIN = 'https://afrique-actu.example';
const listeners = new Map<string, (event: unknown) => void>();
const clients = { matchAll: vi.fn(), openWindow: vi.fn() };

beforeAll(async () => {
  vi.stubGlobal('self', {
    location: { origin: ORIGIN },
    clients,
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  });
  await import('./pushAlerts');
});
beforeEach(() => {
  clients.matchAll.mockReset();
  clients.openWindow.mockReset().mockResolvedValue(null);
});

/** A press on the alert's notification; resolves once the worker has done what it waits on. */
async function press(url: string): Promise<void> {
  const waits: Promise<unknown>[] = [];
  listeners.get('notificationclick')!({
    notification: { close: vi.fn(), data: { alert: 7, title: 'Scrutin reporté', body: 'Reporté de deux semaines', url } },
    waitUntil: (p: Promise<unknown>) => waits.push(p),
  });
  await Promise.all(waits);
}

it('focuses a tab already on the article, though its address no longer shows the alert’s tag', async () => {
  const tab = { url: `${ORIGIN}/article/scrutin-reporte`, focus: vi.fn().mockResolvedValue(undefined) };
  const elsewhere = { url: `${ORIGIN}/article/autre`, focus: vi.fn() };
  clients.matchAll.mockResolvedValue([elsewhere, tab]);
  await press(`${ORIGIN}/article/scrutin-reporte?s=al`);
  expect(tab.focus).toHaveBeenCalledOnce();
  expect(elsewhere.focus).not.toHaveBeenCalled();
  expect(clients.openWindow).not.toHaveBeenCalled();
});

it('opens the article with its tag when no tab is on it, so the visit counts as the alerts’', async () => {
  const other = { url: `${ORIGIN}/article/autre`, focus: vi.fn() };
  clients.matchAll.mockResolvedValue([other]);
  await press(`${ORIGIN}/article/scrutin-reporte?s=al`);
  expect(clients.openWindow).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/article/scrutin-reporte?s=al`);
  expect(other.focus).not.toHaveBeenCalled();
});

it('opens the front page for a link to another site', async () => {
  clients.matchAll.mockResolvedValue([]);
  await press('https://ailleurs.example/article/scrutin-reporte?s=al');
  expect(clients.openWindow).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/`);
});
