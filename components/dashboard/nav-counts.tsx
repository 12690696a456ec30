"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

type Taken = Record<string, number>;

const NavCountsContext = createContext<{ taken: Taken; setTaken: (href: string, n: number) => void }>({
  taken: {},
  setTaken: () => {},
});

/**
 * The nav's counts come from the layout, which a page's own work does not re-render (a full
 * router.refresh would remount the page and lose its per-row results). A page that empties
 * part of a counted list says how much here, and the nav shows the count less that, until the
 * page goes away or forgets its results (then the next render of the layout is fresh anyway).
 */
export function NavCountsProvider({ children }: { children: ReactNode }) {
  const [taken, setTakenState] = useState<Taken>({});
  const setTaken = useCallback(
    (href: string, n: number) =>
      setTakenState((current) => (current[href] === n ? current : { ...current, [href]: n })),
    [],
  );
  const value = useMemo(() => ({ taken, setTaken }), [taken, setTaken]);
  return <NavCountsContext.Provider value={value}>{children}</NavCountsContext.Provider>;
}

/** Takes `n` off the nav's count for `href` while the calling component is mounted. */
export function useTakeFromNavCount(href: string, n: number) {
  const { setTaken } = useContext(NavCountsContext);
  useEffect(() => {
    setTaken(href, n);
    return () => setTaken(href, 0);
  }, [href, n, setTaken]);
}

/** The count to show for `href`, given the layout's. */
export function useNavCount(href: string, fromLayout: number | undefined): number | undefined {
  const { taken } = useContext(NavCountsContext);
  return fromLayout === undefined ? undefined : Math.max(0, fromLayout - (taken[href] ?? 0));
}
