import { lazy, StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Loading } from '@/lib/Loading';
import { loadAuth } from '@/lib/supabaseClients';
import { LITE_ROOT_ATTRIBUTE } from '@/public/dataSaver/liteDom';
import { afterPageLoad } from '@/public/hooks/afterPageLoad';
import { readPageData } from '@/public/page/PageContext';
import { PAGE_DATA_ELEMENT_ID } from '@/public/page/pageDataBlock';
import { preloadForHydration } from '@/public/PublicApp';
import { ReaderApp } from '@/public/ReaderApp';
import { BrowserRouter } from '@/public/router/Router';
import { isBackOfficePath } from '@/public/router/history';

// Two applications share this page shell. The back office (react-admin, MUI, charts, rich text,
// react-router) is a separate chunk that reader pages never download; moving between the two is a
// full page load.
// The back office always needs auth: it is fetched alongside the chunk rather than after it.
const AdminApp = lazy(() => {
  void loadAuth().catch(() => {}); // AdminApp awaits it again and handles a failure
  return import('@/admin/AdminApp').then((m) => ({ default: m.AdminApp }));
});

const root = document.getElementById('root')!;

if (isBackOfficePath(window.location.pathname)) {
  createRoot(root).render(
    <StrictMode>
      <Suspense fallback={<Loading />}>
        <AdminApp />
      </Suspense>
    </StrictMode>,
  );
} else {
  const page = readPageData();
  const reader = (
    <StrictMode>
      <BrowserRouter>
        <ReaderApp page={page} />
      </BrowserRouter>
    </StrictMode>
  );
  // A page the server rendered is taken over where it stands; otherwise the browser renders it.
  // A lite page (data-saver mode, see dataSaver/lite.ts) is rendered afresh: the reader turned
  // the mode off or is signed in, so the app's page differs from the server's.
  if (root.hasAttribute(LITE_ROOT_ATTRIBUTE)) createRoot(root).render(reader);
  else if (document.getElementById(PAGE_DATA_ELEMENT_ID))
    void preloadForHydration(window.location, page).then(() => hydrateRoot(root, reader));
  else createRoot(root).render(reader);
  // The service worker (offline reading) comes once the page has loaded, never before its first paint.
  afterPageLoad(() => void import('@/offline/register').then((m) => m.registerWorker()));
}
