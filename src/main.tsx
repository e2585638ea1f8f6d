import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Loading } from '@/lib/Loading';
import { Toaster } from '@/lib/toast/Toaster';
import { PublicApp } from '@/public/PublicApp';
import { BrowserRouter } from '@/public/router/Router';
import { isBackOfficePath } from '@/public/router/history';

// Two applications share this page shell. The back office (react-admin, MUI, charts, rich text,
// react-router) is a separate chunk that reader pages never download; moving between the two is a
// full page load.
const AdminApp = lazy(() => import('@/admin/AdminApp').then((m) => ({ default: m.AdminApp })));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {isBackOfficePath(window.location.pathname) ? (
      <Suspense fallback={<Loading />}>
        <AdminApp />
      </Suspense>
    ) : (
      <BrowserRouter>
        <Toaster>
          <PublicApp />
        </Toaster>
      </BrowserRouter>
    )}
  </StrictMode>,
);
