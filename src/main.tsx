import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { PublicApp } from '@/public/PublicApp';
import { Loading } from '@/lib/Loading';

// The back office (react-admin, MUI, charts, rich text) is a separate chunk that reader routes
// never download.
const AdminApp = lazy(() => import('@/admin/AdminApp').then((m) => ({ default: m.AdminApp })));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
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
    </BrowserRouter>
  </StrictMode>,
);
