import type { Page } from '@playwright/test';
import { ADMIN, clientAs, fr, openBackOffice, pageTitle, READER, serviceClient, signInAsAdmin } from './adminSession.ts';
import { expect, test } from './fixtures.ts';

const ADMIN_PATHS = ['/admin/dashboard', '/admin/articles', '/admin/accounts', '/admin/analytics'];

/** The figure printed in the dashboard card labelled `label`. */
const card = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true }).getByTestId('stat-value');

test('an admin signs in on /auth, lands on the dashboard with the welcome message, the real figures and the chart', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await signInAsAdmin(page);

  await expect(page.getByText('Connexion administrateur réussie !')).toBeVisible();
  await expect(pageTitle(page)).toHaveText('Tableau de bord');

  // The expected figures, counted independently as the service role, and as dashboard_stats gives them.
  const db = serviceClient();
  const { data: articles, error } = await db.from('articles').select('status, view_count');
  if (error) throw error;
  const expected = {
    total_articles: articles.length,
    published: articles.filter((a) => a.status === 'published').length,
    drafts: articles.filter((a) => a.status === 'draft').length,
    total_views: articles.reduce((n, a) => n + a.view_count, 0),
  };
  const { data: stats } = await (await clientAs(ADMIN)).rpc('dashboard_stats');
  expect(stats).toMatchObject(expected);
  expect(expected.total_views).toBeGreaterThan(0);

  await expect(card(page, 'Total des articles')).toHaveText(fr(expected.total_articles));
  await expect(card(page, 'Publiés')).toHaveText(fr(expected.published));
  await expect(card(page, 'Brouillons')).toHaveText(fr(expected.drafts));
  await expect(card(page, 'Vues totales')).toHaveText(fr(expected.total_views));
  await expect(page.getByText('Bientôt disponible')).toHaveCount(0);

  // Page views of the last 14 days as bars, drawn by recharts fetched as a chunk of its own.
  const chart = page.getByRole('figure', { name: 'Pages vues par jour sur les 14 derniers jours' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  expect(stats.daily).toHaveLength(14);
  expect(scripts.some((s) => /\/ViewsChart-[\w-]+\.js$/.test(s))).toBe(true);

  // The welcome message is shown once: not again after a reload.
  await page.reload();
  await expect(card(page, 'Publiés')).toHaveText(fr(expected.published));
  await expect(page.getByText('Connexion administrateur réussie !')).toHaveCount(0);
});

test('the quick actions lead to the back-office screens and to the reader site', async ({ page }) => {
  await openBackOffice(page);
  const actions = page.getByRole('navigation', { name: 'Actions rapides' });
  const links: [string, string][] = [
    ['Nouvel article', '/admin/articles/create'],
    ['À relire', `/admin/articles?filter=${encodeURIComponent(JSON.stringify({ status: 'review' }))}`],
    ['Gérer les articles', '/admin/articles'],
    ['Utilisateurs', '/admin/accounts'],
    ['Statistiques', '/admin/analytics'],
    ['Voir le site', '/'],
  ];
  for (const [name, href] of links) await expect(actions.getByRole('link', { name })).toHaveAttribute('href', href);

  await actions.getByRole('link', { name: 'Statistiques' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(pageTitle(page)).toHaveText("Statistiques d'audience");
  await page.getByRole('link', { name: 'Retour au tableau de bord' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.getByRole('navigation', { name: 'Actions rapides' }).getByRole('link', { name: 'Utilisateurs' }).click();
  await expect(pageTitle(page)).toHaveText('Gestion des utilisateurs');
  await page.getByRole('link', { name: 'Retour au tableau de bord' }).click();

  await page.getByRole('navigation', { name: 'Actions rapides' }).getByRole('link', { name: 'Voir le site' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "L'actualité africaine autrement" })).toBeVisible();
});

async function expectSentHome(page: Page, path: string) {
  await page.goto(path);
  await expect.poll(() => new URL(page.url()).pathname, { message: `${path} should send a non-admin to /` }).toBe('/');
  await expect(page.getByRole('heading', { level: 1, name: "L'actualité africaine autrement" })).toBeVisible();
}

test('a signed-out visitor opening any admin screen is sent to the sign-in page, Administrateur tab open, to come back there', async ({
  page,
}) => {
  for (const path of ADMIN_PATHS) {
    await page.goto(path);
    await expect.poll(() => new URL(page.url()).pathname, { message: `${path} should send a signed-out visitor to /auth` }).toBe('/auth');
    const query = new URL(page.url()).searchParams;
    expect(query.get('tab')).toBe('admin');
    // The dashboard is where signing in leads anyway: no return address for it.
    expect(query.get('next')).toBe(path === '/admin/dashboard' ? null : path);
    await expect(page.getByRole('tab', { name: 'Administrateur' })).toHaveAttribute('aria-selected', 'true');
  }
});

test('a signed-in reader opening any admin screen is sent to / and stays signed in', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('E-mail', { exact: true }).fill(READER.email);
  await page.getByLabel('Mot de passe').fill(READER.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  const statsCalls: string[] = [];
  page.on('request', (r) => /\/rpc\/(dashboard_stats|analytics_summary)/.test(r.url()) && statsCalls.push(r.url()));
  for (const path of ADMIN_PATHS) await expectSentHome(page, path);
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  // The back office never even asked for its figures.
  expect(statsCalls).toEqual([]);
});

// The side menu stays put between screens (issue 46): the same items at the same places, from the
// click on an item until the next screen has its data, nothing re-mounting, growing or shifting it.
test('the side menu does not move or change while going from screen to screen', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openBackOffice(page);
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Every frame, the menu's items as drawn (text, left, top, width), recorded in the page.
  await page.evaluate(() => {
    const w = window as unknown as { menuFrames: string[] };
    w.menuFrames = [];
    const draw = () => {
      const items = [...document.querySelectorAll('[role="menu"] [role="menuitem"]')].map((el) => {
        const r = el.getBoundingClientRect();
        return `${el.textContent} ${Math.round(r.left)},${Math.round(r.top)},${Math.round(r.width)}`;
      });
      const frame = items.join(' | ');
      if (w.menuFrames.at(-1) !== frame) w.menuFrames.push(frame);
      requestAnimationFrame(draw);
    };
    draw();
  });
  const labels = await menu
    .getByRole('menuitem')
    .evaluateAll((items) =>
      items.flatMap((a) => (a instanceof HTMLAnchorElement && new URL(a.href).pathname.startsWith('/admin/') ? [a.textContent!] : [])),
    );
  expect(labels.length).toBeGreaterThan(4);
  for (const label of [...labels.slice(1), labels[0]]) {
    await menu.getByRole('menuitem', { name: label }).click();
    await expect(pageTitle(page)).not.toBeEmpty();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
  }
  const frames = await page.evaluate(() => (window as unknown as { menuFrames: string[] }).menuFrames);
  expect(frames, 'the menu as drawn, each time it changed').toHaveLength(1);
});
