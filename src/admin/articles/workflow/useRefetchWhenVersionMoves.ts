import { useEffect, useRef } from 'react';

/**
 * Reads a list about the article again whenever the version its text is based on moves (a save, a
 * reload, the image panel's own change): each save may have added a row (a revision, a note).
 */
export function useRefetchWhenVersionMoves(version: number | undefined, refetch: () => unknown) {
  const seenVersion = useRef(version);
  useEffect(() => {
    if (seenVersion.current === version) return;
    seenVersion.current = version;
    void refetch();
  }, [version, refetch]);
}
