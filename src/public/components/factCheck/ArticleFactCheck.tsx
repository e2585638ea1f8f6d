import type { FactCheck, Verdict } from '@/lib/factCheck';
import { KeptPart } from '../../page/KeptPart';
import { preloadable } from '../../page/preloadable';
import type { SharedVerdict } from './verdictText';
// With the page: the parts are painted from the server's markup before (or without) their code.
import './factCheck.css';

// A fact-check's parts on its article, in one chunk no first load carries: they are plain HTML with
// links (no behaviour), so a page the server made keeps their markup, and every other article's
// first load is spared their code. A page the browser makes itself loads the chunk.
const parts = () => import('./factCheckParts');
const band = preloadable(() => parts().then((m) => m.VerdictBand));
const details = preloadable(() => parts().then((m) => m.FactCheckDetails));
const kit = preloadable(() => parts().then((m) => m.CorrectionKit));

/** The verdict band, first on the article. */
export function KeptVerdictBand(props: { factCheck: FactCheck & { verdict: Verdict } }) {
  return <KeptPart chunk={band} props={props} className="kept-part" />;
}

/** « Ce qui est vrai », « Pourquoi c'est important », where it circulates and the sources. */
export function KeptFactCheckDetails(props: { factCheck: FactCheck }) {
  return <KeptPart chunk={details} props={props} className="kept-part" />;
}

/** « Kit de correction »: the message to send back where the rumour was seen. */
export function KeptCorrectionKit(props: { verdict: SharedVerdict; url: string }) {
  return <KeptPart chunk={kit} props={props} className="kept-part" />;
}

/** Loads the parts' chunk, for an article the browser renders itself (an in-app link to a fact-check). */
export const preloadFactCheckParts = () => Promise.all([band.preload(), details.preload(), kit.preload()]);
