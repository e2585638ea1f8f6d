import type { Page } from '@playwright/test';
import { ADMIN, clientAs, fr, pageTitle, useSession } from './adminSession.ts';
import { expect, test } from './fixtures.ts';

interface Summary {
  period_days: number;
  total_page_views: number;
  popular_articles: number;
  active_categories: number;
  top_articles: { title: string; views: number }[];
  categories: { name: string; articles: number; views: number }[];
  daily: unknown[];
}

const card = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true }).getByTestId('stat-value');
const table = (page: Page, title: string) => page.getByRole('region', { name: title }).getByRole('table');
const bodyRows = (page: Page, title: string) => table(page, title).locator('tbody tr');

/** Everything the screen shows for one period must be what analytics_summary answers. */
async function expectScreenShows(page: Page, s: Summary) {
  await expect(card(page, 'Vues totales')).toHaveText(fr(s.total_page_views));
  await expect(card(page, 'Articles lus')).toHaveText(fr(s.popular_articles));
  await expect(card(page, 'Catégories actives')).toHaveText(fr(s.active_categories));
  await expect(page.getByRole('figure', { name: `Vues par jour sur les ${s.period_days} derniers jours` })).toBeVisible();

  await expect(table(page, 'Articles les plus vus').getByRole('columnheader')).toHaveText(['Article', 'Vues']);
  await expect(bodyRows(page, 'Articles les plus vus')).toHaveCount(s.top_articles.length);
  for (const [i, a] of s.top_articles.entries()) {
    await expect(bodyRows(page, 'Articles les plus vus').nth(i).getByRole('cell')).toHaveText([a.title, fr(a.views)]);
  }
  await expect(table(page, 'Catégories les plus populaires').getByRole('columnheader')).toHaveText([
    'Catégorie',
    'Articles',
    'Vues totales',
  ]);
  await expect(bodyRows(page, 'Catégories les plus populaires')).toHaveCount(s.categories.length);
  for (const [i, c] of s.categories.entries()) {
    await expect(bodyRows(page, 'Catégories les plus populaires').nth(i).getByRole('cell')).toHaveText([
      c.name,
      fr(c.articles),
      fr(c.views),
    ]);
  }
}

test('analytics shows the figures of 7, 30 and 90 days, one database call per period', async ({ page }) => {
  const api = await clientAs(ADMIN);
  const calls: number[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/rest/v1/rpc/analytics_summary')) calls.push(JSON.parse(r.postData() ?? '{}').p_days);
  });
  await useSession(page, ADMIN);
  await page.goto('/admin/analytics');
  await expect(pageTitle(page)).toHaveText("Statistiques d'audience");
  await expect(page.getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute('href', '/admin/dashboard');
  const periods = page.getByRole('group', { name: 'Période' });
  await expect(periods.getByRole('button', { name: '7 derniers jours' })).toHaveAttribute('aria-pressed', 'true');

  const seen: Summary[] = [];
  for (const days of [7, 30, 90]) {
    if (days !== 7) {
      const answered = page.waitForResponse((r) => r.url().includes('/rpc/analytics_summary'));
      await periods.getByRole('button', { name: `${days} derniers jours` }).click();
      await answered;
      await expect(periods.getByRole('button', { name: `${days} derniers jours` })).toHaveAttribute('aria-pressed', 'true');
    }
    // The same function, called as the admin through the API.
    const { data, error } = await api.rpc('analytics_summary', { p_days: days });
    if (error) throw error;
    const summary = data as Summary;
    expect(summary.period_days).toBe(days);
    expect(summary.daily).toHaveLength(days);
    expect(summary.top_articles.length).toBeLessThanOrEqual(10);
    await expectScreenShows(page, summary);
    seen.push(summary);
  }
  expect(calls).toEqual([7, 30, 90]);

  // The seed spreads 90 days of audience: longer periods count more views and more articles read.
  const [week, month, quarter] = seen;
  expect(week.total_page_views).toBeGreaterThan(0);
  expect(month.total_page_views).toBeGreaterThan(week.total_page_views);
  expect(quarter.total_page_views).toBeGreaterThan(month.total_page_views);
  expect(quarter.popular_articles).toBeGreaterThan(week.popular_articles);
  expect(quarter.top_articles.map((a) => a.title)).not.toEqual(week.top_articles.map((a) => a.title));

  // Back to 7 days: the first figures again.
  await periods.getByRole('button', { name: '7 derniers jours' }).click();
  await expect(card(page, 'Vues totales')).toHaveText(fr(week.total_page_views));
});

test('on a 360 px phone « Canaux » keeps its table inside its card, scrolled there, and its period buttons on screen', async ({ page }) => {
  await useSession(page, ADMIN);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/admin/analytics');
  await page.getByRole('tab', { name: 'Canaux' }).click();
  const sent = page.getByRole('region', { name: 'Nos envois' });
  await expect(sent.getByRole('row').filter({ hasText: 'Alertes' })).toBeVisible();
  // The table's five columns are wider than the phone: its own box scrolls (not the page, not clipped).
  const box = sent.getByRole('table').locator('xpath=..');
  const scroll = await box.evaluate((el) => ({ overflow: getComputedStyle(el).overflowX, width: el.clientWidth, content: el.scrollWidth }));
  expect(scroll.overflow).toBe('auto');
  expect(scroll.content).toBeGreaterThan(scroll.width);
  await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(sent.getByRole('columnheader', { name: 'Lectures amenées' })).toBeInViewport();
  // « Exporter (CSV) » and the three periods are whole on screen, the period chosen still works.
  await expect(sent.getByRole('button', { name: 'Exporter (CSV)' })).toBeInViewport({ ratio: 1 });
  const periods = page.getByRole('group', { name: 'Période' });
  for (const days of [7, 30, 90])
    await expect(periods.getByRole('button', { name: `${days} derniers jours` })).toBeInViewport({ ratio: 1 });
  await periods.getByRole('button', { name: '30 derniers jours' }).click();
  await expect(periods.getByRole('button', { name: '30 derniers jours' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.evaluate(() => document.scrollingElement!.scrollWidth)).resolves.toBeLessThanOrEqual(360);
});
