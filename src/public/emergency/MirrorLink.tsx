import { mirrorHost } from '../api/emergency';

/** « Si ce site ne répond plus : <adresse> »: the static mirror (docs/deployment.md#mirror), wherever it is announced. */
export function MirrorLink({ url }: { url: string }) {
  return (
    <>
      Si ce site ne répond plus : <a href={url}>{mirrorHost(url)}</a>
    </>
  );
}
