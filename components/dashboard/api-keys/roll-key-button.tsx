"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { rollApiKeyAction } from "@/lib/edge/actions/api-key-actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { DateTime } from "@/components/ui/date-time";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { ROLL_WINDOWS, rollWindows, type RollWindow } from "@/lib/account/keys/roll-windows";

const windowOptions = ROLL_WINDOWS.map((value) => ({ value, label: rollWindows[value].label }));

/**
 * "Roll": asks how long the old key should keep working, creates the replacement, and shows the
 * replacement's full value once, in the same dialog, with when the old key stops working.
 * Rendered for every key (without its button when the key cannot be rolled), so the dialog
 * survives the refresh in which the key it rolled becomes "Rolled" or "Revoked".
 */
export function RollKeyButton({ id, label, canRoll }: { id: string; label: string; canRoll: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [window, setWindow] = useState<RollWindow>("24h");
  const roll = useMutation({ mutationFn: rollApiKeyAction });
  const result = roll.data;
  const rolled = result?.ok ? result.value : null;
  const close = () => {
    dialog.current?.close();
    roll.reset();
  };

  return (
    <>
      {canRoll ? (
        <Button variant="secondary" size="sm" onClick={() => dialog.current?.showModal()}>
          Roll<span className="sr-only"> {label}</span>
        </Button>
      ) : null}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => roll.reset()}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-slate-200 bg-white p-0 text-left text-slate-900 shadow-xl backdrop:bg-slate-900/40"
      >
        {rolled ? (
          <>
            <div className="space-y-4 px-5 py-4">
              <h2 id={titleId} className="text-base font-semibold">
                Copy the new key now
              </h2>
              <CopyField
                label={`${rolled.name || "Unnamed key"} (${rolled.mode} key)`}
                value={rolled.key}
                copyLabel="Copy key"
              />
              <p className="text-sm text-slate-700">
                This is the only time the full key is shown. Put it where the old key is used.{" "}
                {window === "now" ? (
                  "The old key no longer works."
                ) : (
                  <>
                    The old key keeps working until <DateTime value={rolled.oldExpiresAt} />, then it is revoked.
                  </>
                )}
              </p>
            </div>
            <div className="flex justify-end border-t border-slate-200 bg-slate-50 px-5 py-3">
              <Button onClick={close} autoFocus>
                Done
              </Button>
            </div>
          </>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              roll.mutate({ id, window });
            }}
          >
            <div className="space-y-4 px-5 py-4">
              <h2 id={titleId} className="text-base font-semibold">
                Roll {label}?
              </h2>
              <p className="text-sm text-slate-700">
                A new key with the same name and mode is created now. Deploy it, and the old key stops working when you
                choose.
              </p>
              <SegmentedControl
                legend="Old key stops working"
                name="window"
                options={windowOptions}
                value={window}
                onChange={setWindow}
                hint={window === "now" ? "Requests still using the old key fail at once." : undefined}
              />
              {result && !result.ok ? <Alert tone="error">{result.fieldErrors?.window ?? result.error}</Alert> : null}
              {roll.isError ? (
                <Alert tone="error">The key could not be rolled. Check your connection and try again.</Alert>
              ) : null}
            </div>
            <div className="flex justify-end gap-2 border-t border-slate-200 bg-slate-50 px-5 py-3">
              <Button variant="secondary" onClick={close} autoFocus>
                Cancel
              </Button>
              <Button type="submit" variant="danger" pending={roll.isPending}>
                Roll key
              </Button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
