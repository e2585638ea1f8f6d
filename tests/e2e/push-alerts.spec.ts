import type { Page, Worker } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { AlertPayload } from '../../src/push/payload.ts';
import { startTestPushService, type TestDevice, type TestPushService } from '../push/pushService.ts';
import { ADMIN, clientAs, READER, serviceClient, useSession } from './adminSession.ts';
import { makeArticle } from './articles.ts';
import { FULL_BROWSER } from './browser.ts';
import { expect, test } from './fixtures.ts';
import { fakePushService } from './pushFake.ts';

// Breaking-news alerts as a reader meets them: « Recevoir les alertes » on an article, the choice of
// what to follow, the permission (granted to this context), the subscription stored; an alert sent
// by an administrator leaves the site's server as a real Web Push request, which a push service of
// this spec's own decrypts; the browser's worker gets it (DevTools' ServiceWorker.deliverPushMessage:
// headless Chromium reaches no push service) and shows the notification; a click counts one open.
// The full browser: the headless shell the other specs use shows no notification.
test.use({ ...FULL_BROWSER, serviceWorkers: 'allow', permissions: ['notifications'] });

const RUN = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
let admin: SupabaseClient;
let service: TestPushService;
let device: TestDevice;
const made: string[] = [];
const readerDevices: TestDevice[] = [];

test.beforeAll(async () => {
  admin = await clientAs(ADMIN);
  service = await startTestPushService();
  device = service.device();
});

test.afterAll(async () => {
  await serviceClient()
    .from('push_subscriptions')
    .delete()
    .in('endpoint', [device.endpoint, ...readerDevices.map((d) => d.endpoint)]);
  if (made.length) await admin.from('articles').delete().in('id', made);
  await admin?.auth.signOut({ scope: 'local' });
  await service?.close();
});

async function serviceWorker(page: Page): Promise<Worker> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.context().serviceWorkers()[0] ?? page.context().waitForEvent('serviceworker');
}

test('a reader subscribes from an article, gets the alert as a notification; a click opens the article and counts one open', async ({
  page,
  context,
}) => {
  const { data: category } = await admin.from('categories').select('id').eq('slug', 'politique').single();
  const article = await makeArticle(
    admin,
    {
      slug: `alerte-${RUN}`,
      title: `Scrutin reporté ${RUN}`,
      excerpt: 'Le scrutin est reporté.',
      content: 'Premier paragraphe.',
      key_points: ['La commission reporte le scrutin de deux semaines'],
      category_id: category!.id,
      status: 'published',
    },
    made,
  );
  await fakePushService(page, { endpoint: device.endpoint, keys: device.keys });

  await page.goto(`/article/${article.slug}`);
  // Nothing is asked on load: the control is a plain button.
  const button = page.getByRole('button', { name: 'Recevoir les alertes' });
  await expect(button).toBeVisible();
  expect(await page.evaluate(() => document.querySelector('.alerts-panel'))).toBeNull();
  // It answers once the page has loaded, with the worker's registration.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await button.click();
  await expect(page.getByRole('checkbox', { name: /À la une/ })).toBeChecked();
  // The menu's categories, in its order (no category the site does not show), and the sender's limits.
  const { data: menu } = await serviceClient()
    .from('categories')
    .select('name')
    .not('menu_position', 'is', null)
    .order('menu_position')
    .order('name');
  await expect(page.locator('.alerts-panel label:has(input[name="category"])')).toHaveText(menu!.map((c) => c.name));
  const { data: limits } = await serviceClient().from('push_settings').select('daily_cap, quiet_enabled').single();
  await expect(page.locator('.alerts-panel__limits')).toHaveText(
    new RegExp(`^${limits!.daily_cap} alertes? par jour au plus${limits!.quiet_enabled ? ', aucune la nuit' : ''}`),
  );
  await page.getByRole('button', { name: 'Activer les alertes' }).click();
  await expect(page.locator('.alerts-panel').getByRole('status')).toHaveText('C’est fait : cet appareil recevra les alertes choisies.');
  const worker = await serviceWorker(page);

  // The administrator sends the alert; the server's scheduler makes the Web Push request.
  const { data: sent, error } = await admin.rpc('push_send_alert', {
    p_article: article.id,
    p_title: 'Scrutin reporté',
    p_body: 'La commission reporte le scrutin de deux semaines',
    // Whatever the hour the suite runs at: quiet hours would hold it until morning.
    p_urgent: true,
  });
  expect(error).toBeNull();
  expect(sent![0].targeted).toBeGreaterThanOrEqual(1);
  await expect.poll(() => service.received(device).length).toBe(1);
  const [received] = service.received(device);
  const payload = received.payload as AlertPayload;
  // The link carries the alerts' channel tag (s=al): the visit it opens counts as the alerts'.
  const articleUrl = new URL(`/article/${article.slug}`, page.url()).href;
  expect(payload).toMatchObject({ title: 'Scrutin reporté', url: `${articleUrl}?s=al` });

  // What the browser's push service would hand the worker: the decrypted payload.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === new URL('/', page.url()).href && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  const shown = () =>
    worker.evaluate(async () =>
      (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        icon: n.icon,
      })),
    );
  await expect
    .poll(shown)
    .toEqual([{ title: 'Scrutin reporté', body: 'La commission reporte le scrutin de deux semaines', icon: payload.icon }]);

  // A click: headless Chromium has no notification to press, so the worker gets the event its
  // browser would send. Only a real press may open a window (Chromium refuses a synthetic one), so
  // the worker's clients answer here: no tab on the article yet, and the window it asks to open is
  // recorded. The open is counted (nothing about who).
  const asked = await worker.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const urls: string[] = [];
    Object.assign(scope.clients, {
      matchAll: async () => [],
      openWindow: async (url: string) => {
        urls.push(url);
        return null;
      },
    });
    const [notification] = await scope.registration.getNotifications();
    const waits: Promise<unknown>[] = [];
    const event = new NotificationEvent('notificationclick', { notification });
    Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => waits.push(p) });
    scope.dispatchEvent(event);
    await Promise.all(waits);
    return urls;
  });
  expect(asked).toEqual([payload.url]);
  expect(
    await worker.evaluate(async () => (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).length),
  ).toBe(0);
  await expect
    .poll(
      async () => (await admin.rpc('push_alert_stats', { p_limit: 50 })).data?.find((a: { id: number }) => a.id === sent![0].id)?.opened,
    )
    .toBe(1);

  // The reader stops the alerts from the same control.
  await page.getByRole('button', { name: 'Recevoir les alertes' }).click();
  await page.getByRole('button', { name: 'Recevoir les alertes' }).click();
  await page.getByRole('button', { name: 'Arrêter les alertes' }).click();
  await expect(page.locator('.alerts-panel').getByRole('status')).toHaveText('Alertes arrêtées sur cet appareil.');
  await expect
    .poll(async () => (await serviceClient().from('push_subscriptions').select('id').eq('endpoint', device.endpoint)).data)
    .toEqual([]);
});

test('a signed-in reader finds their alerts in « Mes articles »: this device and another, and stops the other one', async ({ page }) => {
  const here = service.device();
  const phone = service.device();
  readerDevices.push(here, phone);
  // Their phone subscribed while signed in, to « Politique ».
  const reader = await clientAs(READER);
  const { data: politics } = await reader.from('categories').select('id, name').eq('slug', 'politique').single();
  const { error } = await reader.rpc('push_subscribe', {
    p_endpoint: phone.endpoint,
    p_p256dh: phone.keys.p256dh,
    p_auth: phone.keys.auth,
    p_follows_front: false,
    p_categories: [politics!.id],
  });
  expect(error).toBeNull();
  await reader.auth.signOut({ scope: 'local' });

  // This browser subscribes from the home page, signed in.
  await useSession(page, READER);
  await fakePushService(page, { endpoint: here.endpoint, keys: here.keys });
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByRole('button', { name: 'Recevoir les alertes' }).first().click();
  await page.getByRole('button', { name: 'Activer les alertes' }).click();
  await expect(page.locator('.alerts-panel').getByRole('status')).toHaveText('C’est fait : cet appareil recevra les alertes choisies.');

  await page.getByRole('link', { name: 'Mes articles' }).first().click();
  const alerts = page.getByRole('region', { name: 'Mes alertes' });
  const devices = alerts.getByRole('listitem');
  await expect(devices.filter({ hasText: 'Cet appareil' })).toContainText('Rubriques suivies : À la une');
  const other = devices.filter({ hasText: 'Un autre appareil' });
  await expect(other).toContainText(`Rubriques suivies : ${politics!.name}`);
  await other.getByRole('button', { name: /Arrêter les alertes/ }).click();
  await expect(other).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (await serviceClient().from('push_subscriptions').select('endpoint').in('endpoint', [here.endpoint, phone.endpoint])).data,
    )
    .toEqual([{ endpoint: here.endpoint }]);
});
