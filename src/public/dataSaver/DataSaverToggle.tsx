import { useEffect, useState } from 'react';
import { useDataSaver } from './DataSaverContext';
import { currentPageBytes, PAGE_WEIGHT_EVENT, pageWeightText } from './weight';
import './DataSaverToggle.css';

/**
 * « Mode léger » (data-saver mode; not « Économie de données », read beside the « Économie » section): the reader's switch, and in that mode what the page has cost so far.
 * On a lite page, the lite script gives the same button its behaviour (data-saver-toggle) and
 * fills the same figure (data-page-weight).
 */
export function DataSaverToggle() {
  const { on, set, forced } = useDataSaver();
  // « Mode urgence »: the lite page for everyone, no switch to turn it off; the page's weight stays.
  if (forced)
    return (
      <p className="data-saver">
        <span>Mode léger</span>
        <PageWeight />
      </p>
    );
  return (
    <p className="data-saver">
      <button type="button" className="data-saver__toggle" aria-pressed={on} data-saver-toggle="" onClick={() => set(!on)}>
        Mode léger : {on ? 'activé' : 'désactivé'}
      </button>
      {on && <PageWeight />}
    </p>
  );
}

/** Empty on the server and while hydrating (the figure exists only in the browser), then filled. */
function PageWeight() {
  const [bytes, setBytes] = useState<number | null>(null);
  useEffect(() => {
    const measure = () => setBytes(currentPageBytes());
    measure();
    window.addEventListener('load', measure);
    window.addEventListener(PAGE_WEIGHT_EVENT, measure);
    return () => {
      window.removeEventListener('load', measure);
      window.removeEventListener(PAGE_WEIGHT_EVENT, measure);
    };
  }, []);
  return (
    <span className="data-saver__weight" data-page-weight="" hidden={bytes === null}>
      {bytes === null ? '' : pageWeightText(bytes)}
    </span>
  );
}
