"use client";

import { useEffect, useRef, useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "./button";

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API missing (plain http) or refused: fall back to a selected textarea.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

/** Copies `value`; says "Copied" (visibly and to screen readers) for two seconds. */
export function CopyButton({
  value,
  label = "Copy",
  variant = "secondary",
  size = "sm",
  className,
  accessibleName,
}: {
  value: string;
  label?: string;
  /** Names the button for screen readers where several say "Copy" (e.g. "Copy the curl of step 1"). */
  accessibleName?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-label={accessibleName}
        onClick={() =>
          void writeClipboard(value).then((copied) => {
            setState(copied ? "copied" : "failed");
            clearTimeout(timer.current);
            timer.current = setTimeout(() => setState("idle"), 2000);
          })
        }
      >
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label}
      </Button>
      <span className="sr-only" aria-live="polite">
        {state === "copied"
          ? "Copied to clipboard"
          : state === "failed"
            ? "Could not copy; select the text instead"
            : ""}
      </span>
    </>
  );
}
