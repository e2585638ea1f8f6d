import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { PublicApp } from '@/public/PublicApp';
import { Loading } from '@/lib/Loading';
import { Toaster } from '@/lib/toast/Toaster';

// The back office (react-admin, MUI, charts, rich text) is a separate chunk that reader routes
// never download.
const AdminApp = lazy(() => import('@/admin/AdminApp').then((m) => ({ default: m.AdminApp })));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      {/* Above both sides, so a toast survives the move from /auth to the back office. */}
      <Toaster>
        <Routes>
          <Route
            path="/admin/*"
            element={
              <Suspense fallback={<Loading />}>
                <AdminApp />
              </Suspense>
            }
          />
          <Route path="*" element={<PublicApp />} />
        </Routes>
      </Toaster>
    </BrowserRouter>
  </StrictMode>,
);
