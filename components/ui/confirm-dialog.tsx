"use client";

import { useId, useRef, type ReactNode } from "react";
import { Button, type ButtonVariant } from "./button";

/**
 * A button that asks before doing something that cannot be undone. Uses the native <dialog>
 * (modal, focus kept inside, Escape cancels, focus returns to the button afterwards).
 */
export function ConfirmDialog({
  trigger,
  triggerVariant = "secondary",
  title,
  description,
  confirmLabel,
  confirmVariant = "danger",
  onConfirm,
  pending,
  disabled,
}: {
  trigger: ReactNode;
  triggerVariant?: ButtonVariant;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  onConfirm: () => void;
  pending?: boolean;
  disabled?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  return (
    <>
      <Button
        variant={triggerVariant}
        size="sm"
        pending={pending}
        disabled={disabled}
        onClick={() => dialog.current?.showModal()}
      >
        {trigger}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="px-5 py-4">
          <h2 id={titleId} className="text-base font-semibold">
            {title}
          </h2>
          <div className="mt-2 text-sm text-slate-700">{description}</div>
        </div>
        <div className="flex justify-end gap-2 border-t border-slate-200 bg-slate-50 px-5 py-3">
          <Button variant="secondary" onClick={() => dialog.current?.close()} autoFocus>
            Cancel
          </Button>
          <Button
            variant={confirmVariant}
            onClick={() => {
              dialog.current?.close();
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </dialog>
    </>
  );
}
