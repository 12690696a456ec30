"use client";
import { useEffect, useRef } from "react";
import type { CapturePhase } from "@/components/verify/capture-phase";

/**
 * Each phase swaps the buttons; keyboard focus goes to the control that now matters (the one
 * marked data-autofocus in the container).
 */
export function useCaptureFocus(phase: CapturePhase, initialError: string | undefined) {
  const containerRef = useRef<HTMLDivElement>(null);
  const cameraViewRef = useRef<HTMLDivElement>(null);
  const firstPhase = useRef(true);
  useEffect(() => {
    const target = containerRef.current?.querySelector<HTMLElement>("[data-autofocus]");
    if (firstPhase.current) {
      firstPhase.current = false;
      // Mounted with a refusal (the document, after its selfie was sent): its retake has focus.
      if (initialError) target?.focus();
      return;
    }
    if (phase === "camera" || phase === "starting") {
      // Show the whole camera view (the guide, the checks and the button below them), not just
      // the scrolled-to button with the face cut off above it.
      target?.focus({ preventScroll: true });
      cameraViewRef.current?.scrollIntoView({ block: "start" });
    } else {
      target?.focus();
    }
  }, [phase, initialError]);
  return { containerRef, cameraViewRef };
}
