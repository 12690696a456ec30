"use client";

import { useId, useRef, useState } from "react";
import type { ImportCsvResult } from "@/lib/edge/actions/prompt-set-actions";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { CsvRowError } from "@/lib/voice/prompt-sets/prompt-csv";

/** Server actions take at most 1 MB (Next.js's default body limit); a 500-prompt menu is far less. */
const MAX_UPLOAD_BYTES = 1024 * 1024;

/** One line per row (a row may break several rules), in row order. */
function byRow(errors: CsvRowError[]): [number, string[]][] {
  const rows = new Map<number, string[]>();
  for (const { row, message } of errors) rows.set(row, [...(rows.get(row) ?? []), message]);
  return [...rows].sort(([a], [b]) => a - b);
}

export function CsvCard({
  setId,
  promptCount,
  onImport,
}: {
  setId: string;
  promptCount: number;
  onImport: (form: FormData) => Promise<ImportCsvResult>;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; message: string; rows?: CsvRowError[] } | null>(
    null,
  );

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader
        id={`${id}-title`}
        title="Spreadsheet"
        description="Work on the prompts in a spreadsheet: a CSV with a name and a text column."
      />
      <CardBody className="space-y-4">
        <form
          noValidate
          className="space-y-3"
          onSubmit={async (event) => {
            event.preventDefault();
            const file = input.current?.files?.[0];
            if (!file) return setOutcome({ tone: "error", message: "Choose a CSV file to import." });
            if (file.size > MAX_UPLOAD_BYTES)
              return setOutcome({
                tone: "error",
                message: `That file is over 1 MB; split the set or shorten the file.`,
              });
            setPending(true);
            setOutcome(null);
            const form = new FormData();
            form.set("file", file);
            const result = await onImport(form).catch(() => ({
              ok: false as const,
              error: "The studio could not reach the server. Check your connection and try again.",
            }));
            setPending(false);
            if (result.ok) {
              const count = result.value.prompts.length;
              setOutcome({
                tone: "success",
                message: `Imported ${count} ${count === 1 ? "prompt" : "prompts"} from ${file.name}. Prompts with the same name and text kept their audio.`,
              });
              if (input.current) input.current.value = "";
            } else {
              setOutcome({
                tone: "error",
                message: result.error,
                rows: "rowErrors" in result ? result.rowErrors : undefined,
              });
            }
          }}
        >
          <div>
            <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
              Import CSV
            </label>
            <input
              ref={input}
              id={`${id}-file`}
              name="file"
              type="file"
              accept=".csv,text/csv"
              aria-describedby={`${id}-hint`}
              className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-50"
            />
            <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
              A header row <code className="font-mono">name,text</code>, then one row per prompt in play order. It
              replaces the list
              {promptCount ? ` of ${promptCount}` : ""}; prompts whose name and text are unchanged keep their audio.
            </p>
          </div>
          <Button type="submit" variant="secondary" pending={pending}>
            Import
          </Button>
        </form>
        {outcome ? (
          <Alert tone={outcome.tone} title={outcome.tone === "error" ? "The CSV was not imported" : undefined}>
            <p>{outcome.message}</p>
            {outcome.rows?.length ? (
              <ul aria-label="Problems by row" className="mt-2 space-y-1" data-testid="csv-errors">
                {byRow(outcome.rows).map(([row, messages]) => (
                  <li key={row} className="flex gap-2">
                    <span className="w-14 shrink-0 font-semibold tabular-nums">Row {row}</span>
                    <span className="min-w-0 break-words">{messages.join("; ")}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
        <div className="border-t border-slate-200 pt-4">
          <a href={`/studio/prompt-sets/${setId}/csv`} download className={buttonClasses("secondary", "md")}>
            Export CSV
          </a>
          <p className="mt-1 text-xs text-slate-600">The current list as name,text, ready to edit and import again.</p>
        </div>
      </CardBody>
    </Card>
  );
}
