import { useEffect } from 'react';
import { useGetIdentity, useRefresh } from 'react-admin';
import { OUTBOX_RETRY_MS } from '../../outbox/outbox';
import { articleOutbox } from '../../providers/dataProvider';
import { useTitledNotify } from '../notify';
import { KEPT_SAVE_STORED } from './articleOutbox';

/**
 * Sends the signed-in account's article saves kept on the phone (articleOutbox.ts) when the
 * network returns: at sign-in, on the browser's `online` event, and every OUTBOX_RETRY_MS while one
 * waits. Mounted once in the back office's layout, so a kept save goes whichever screen is open.
 */
export function ArticleOutboxSender() {
  const { identity } = useGetIdentity();
  const notify = useTitledNotify();
  const refresh = useRefresh();
  const userId = identity?.id === undefined ? null : String(identity.id);

  useEffect(() => {
    articleOutbox.openFor(userId);
    if (!userId) return;
    const flush = async () => {
      const report = await articleOutbox.flush();
      if (!report.stored.length) return;
      notify(KEPT_SAVE_STORED);
      refresh();
    };
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    const timer = setInterval(online, OUTBOX_RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      clearInterval(timer);
      articleOutbox.openFor(null);
    };
  }, [userId, notify, refresh]);
  return null;
}
