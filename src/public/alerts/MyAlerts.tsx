import { useState } from 'react';
import { supabase } from '@/lib/supabase';
import { useToast } from '@/public/toast/Toaster';
import { useLoader } from '../hooks/useLoader';
import { LoadFailure } from '../routing/LoadFailure';
import { loadErrorMessage } from '../routing/route';
import { AlertDeviceList } from './AlertDeviceList';
import { fetchMyAlertDevices, stopMyAlertDevice, type MyAlertDevice } from './myDevices';
import { forgetThisDevice, thisDeviceEndpoint } from './thisDevice';
import './alerts.css';

/**
 * « Mes alertes » in a signed-in reader's account: the devices they subscribed while signed in, on
 * this browser and others. A chunk of its own, loaded by « Mes articles » once the reader is known
 * (never in a page's first load).
 */
export function MyAlerts({ userId }: { userId: string }) {
  const { data, error, reload } = useLoader(`my-alerts:${userId}`, async () => fetchMyAlertDevices(supabase, await thisDeviceEndpoint()));
  const [stopped, setStopped] = useState<ReadonlySet<string>>(new Set());
  const toast = useToast();

  const stop = async (device: MyAlertDevice) => {
    try {
      await stopMyAlertDevice(supabase, device.id);
      if (device.thisDevice) await forgetThisDevice();
      setStopped((ids) => new Set(ids).add(device.id));
      toast({ title: device.thisDevice ? 'Alertes arrêtées sur cet appareil' : 'Alertes arrêtées sur cet appareil-là' });
    } catch (e) {
      console.error(e);
      toast({ title: 'Les alertes n’ont pas pu être arrêtées. Réessayez.', variant: 'error' });
    }
  };

  return (
    <section className="my-alerts" aria-labelledby="my-alerts-title">
      <h2 id="my-alerts-title">Mes alertes</h2>
      {!data && error ? (
        <LoadFailure className="my-alerts__failure" message={loadErrorMessage(error)} onRetry={reload} />
      ) : !data ? (
        <p aria-busy="true">Chargement de vos alertes…</p>
      ) : (
        <AlertDeviceList devices={data.filter((d) => !stopped.has(d.id))} onStop={(d) => void stop(d)} />
      )}
    </section>
  );
}
