import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { ArticleOutboxSender } from '../articles/outbox/ArticleOutboxSender';
import { AdminMenu } from './AdminMenu';

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AdminMenu}>
      <ArticleOutboxSender />
      {children}
    </Layout>
  );
}
