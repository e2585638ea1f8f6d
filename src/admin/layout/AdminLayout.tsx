import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator } from 'react-admin';
import { ArticleOutboxSender } from '../articles/outbox/ArticleOutboxSender';
import { NoticesButton } from '../notices/NoticesButton';
import { AdminMenu } from './AdminMenu';

/** react-admin's app bar with « À traiter » (the notices waiting, live) before its refresh button. */
const NewsroomAppBar = () => (
  <AppBar
    toolbar={
      <>
        <NoticesButton />
        <LoadingIndicator />
      </>
    }
  />
);

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AdminMenu} appBar={NewsroomAppBar}>
      <ArticleOutboxSender />
      {children}
    </Layout>
  );
}
