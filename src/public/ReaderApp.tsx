import { Toaster } from '@/public/toast/Toaster';
import { DataSaverProvider } from './dataSaver/DataSaverContext';
import { PageProvider, type PageContextValue } from './page/PageContext';
import { PublicApp } from './PublicApp';

/** The reader with what its pages need around them; the router comes from the caller. */
export function ReaderApp({ page }: { page: PageContextValue }) {
  return (
    <PageProvider value={page}>
      <DataSaverProvider initial={page.dataSaver ?? false} forced={page.emergency?.on ?? false}>
        <Toaster>
          <PublicApp />
        </Toaster>
      </DataSaverProvider>
    </PageProvider>
  );
}
