import { lazy, Suspense, useEffect, useState } from 'react';
import { offerDataSaverHere } from './choice';
import { useDataSaver } from './DataSaverContext';

// The offer's line is a chunk of its own, fetched only for the readers it is for (slow connections).
const OfferLine = lazy(() => import('./DataSaverOfferLine').then((m) => ({ default: m.DataSaverOfferLine })));

/**
 * On a first visit from a slow connection, a one-line offer to turn data-saver mode on (issue 25).
 * Decided in the browser after hydration (the server cannot know the connection): nothing in the
 * server's HTML, nothing downloaded for other readers.
 */
export function DataSaverOffer() {
  const { on } = useDataSaver();
  const [offer, setOffer] = useState(false);
  useEffect(() => setOffer(offerDataSaverHere(on)), [on]);
  if (!offer || on) return null;
  return (
    <Suspense fallback={null}>
      <OfferLine onAnswer={() => setOffer(false)} />
    </Suspense>
  );
}
