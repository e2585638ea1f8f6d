import { useEffect, useState, type FormEvent } from 'react';
import { loadDataClient } from '../api/dataClient';
import { loadMatinalePreferences, MATINALE_COUNTRY_MESSAGES, saveMatinaleCountry, type MatinalePreferences } from '../api/matinaleCountry';

/**
 * « Ma Matinale » on the subscriber's own page (their unsubscribe link): the country whose newest
 * article heads their La Matinale, or none. Loaded in the browser with the link's token (a personal
 * page, never kept), so nothing of it weighs on any other page; without JavaScript the page keeps
 * its unsubscribe button alone.
 */
export function MaMatinale({ token }: { token: string }) {
  const [prefs, setPrefs] = useState<MatinalePreferences | null>(null);
  const [choice, setChoice] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const loaded = await loadMatinalePreferences(await loadDataClient(), token);
        if (!live || !loaded) return;
        setPrefs(loaded);
        setChoice(loaded.country);
      } catch (error) {
        console.error(error);
      }
    })();
    return () => {
      live = false;
    };
  }, [token]);

  // An unknown link, or a subscription that has left: nothing to choose for.
  if (!prefs || prefs.status !== 'confirmed') return null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      setAnswer(await saveMatinaleCountry(await loadDataClient(), token, choice));
    } catch (error) {
      console.error(error);
      setAnswer({ ok: false, message: MATINALE_COUNTRY_MESSAGES.failed });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} aria-labelledby="ma-matinale">
      <h2 id="ma-matinale">Ma Matinale</h2>
      <label htmlFor="ma-matinale-pays">Mon pays en tête (facultatif)</label>{' '}
      <select id="ma-matinale-pays" value={choice} onChange={(e) => setChoice(e.target.value)}>
        <option value="">Aucun</option>
        {prefs.countries.map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.name}
          </option>
        ))}
      </select>{' '}
      <button type="submit" className="button" disabled={saving}>
        Enregistrer
      </button>
      {answer && <p role={answer.ok ? 'status' : 'alert'}>{answer.message}</p>}
    </form>
  );
}
