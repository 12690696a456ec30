"use client";
import { useEffect, useRef } from "react";

/**
 * Moves keyboard and screen-reader focus to the element with id "flow-focus" (the heading of the
 * step now shown) when focusKey changes. Not on first load: the browser's own start position is
 * right there.
 */
export function FocusOnChange({ focusKey }: { focusKey: string }) {
  const previous = useRef(focusKey);
  useEffect(() => {
    if (previous.current === focusKey) return;
    previous.current = focusKey;
    document.getElementById("flow-focus")?.focus();
  }, [focusKey]);
  return null;
}
