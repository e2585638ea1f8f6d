import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { browserOverride, refreshChoiceCookie, storeChoice } from './choice';

interface DataSaverState {
  /** Data-saver mode is on: pictures wait for a tap, carousels are lists, no live updates. */
  on: boolean;
  /** The reader's toggle: remembered in this browser and told to the server (cookie). */
  set: (on: boolean) => void;
  /** « Mode urgence »: on for everyone, whatever the reader chose; there is no toggle then. */
  forced: boolean;
}

const DataSaverContext = createContext<DataSaverState>({ on: false, set: () => {}, forced: false });

/**
 * Starts from what the server rendered (`initial`), so hydration matches its HTML; afterwards the
 * browser's own view wins (a choice made in another tab, or Save-Data the server was not told of).
 */
export function DataSaverProvider({ initial, forced = false, children }: { initial: boolean; forced?: boolean; children: ReactNode }) {
  const [chosen, setOn] = useState(initial);
  useEffect(() => {
    refreshChoiceCookie();
    const known = browserOverride();
    if (known !== null) setOn(known);
  }, []);
  const set = useCallback((next: boolean) => {
    storeChoice(next);
    setOn(next);
  }, []);
  const on = forced || chosen;
  const value = useMemo(() => ({ on, set, forced }), [on, set, forced]);
  return <DataSaverContext.Provider value={value}>{children}</DataSaverContext.Provider>;
}

export const useDataSaver = () => useContext(DataSaverContext);
