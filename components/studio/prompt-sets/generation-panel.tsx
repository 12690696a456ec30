"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { SegmentedControl } from "@/components/ui/segmented-control";
import type { StudioPromptSet } from "@/lib/voice/prompt-sets/get-studio-prompt-set";
import { archiveLayouts, type ArchiveLayout, type PromptSetView } from "@/lib/voice/prompt-sets/schemas";
import { countsLine, GenerationBadge, ProgressBar } from "./progress";
import { DownloadIcon } from "../icons";

const LAYOUTS: Record<ArchiveLayout, { label: string; where: string }> = {
  asterisk: { label: "Asterisk", where: "Unzip into Asterisk's sounds directory; play with Playback(custom/<name>)." },
  freeswitch: {
    label: "FreeSWITCH",
    where: "Unzip into FreeSWITCH's sounds directory; headerless audio gets a WAV header, samples untouched.",
  },
  flat: { label: "Flat", where: "Every file at the top of the archive." },
};

/** Progress, for a screen reader: said when it changes by a quarter or the state changes, not at every prompt. */
function announcement(set: PromptSetView): string {
  const { state, counts } = set.generation;
  if (state === "running") {
    const finished = counts.done + counts.failed;
    const quarter = Math.floor((finished / Math.max(1, counts.total)) * 4);
    return `Generating: ${Math.round((quarter / 4) * counts.total)} or more of ${counts.total} prompts finished.`;
  }
  if (state === "completed")
    return `Generation complete: all ${counts.total} prompts done, ${counts.cached} from the cache.`;
  if (state === "failed")
    return `Generation finished with ${counts.failed} failed ${counts.failed === 1 ? "prompt" : "prompts"}.`;
  return "";
}

export function GenerationPanel({
  set,
  pending,
  error,
  onGenerate,
}: {
  set: StudioPromptSet;
  pending: "all" | "failed" | null;
  error: string | null;
  onGenerate: (only: "all" | "failed") => void;
}) {
  const id = useId();
  const [layout, setLayout] = useState<ArchiveLayout>("asterisk");
  const { state, counts } = set.generation;
  const running = state === "running";
  const failed = set.prompts.filter((p) => p.status === "failed");
  const ready = state === "completed";

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader
        id={`${id}-title`}
        title="Generate and download"
        description="Generation runs in the background: leave or reload the page, it carries on."
        actions={
          <span data-testid="generation-state">
            <GenerationBadge state={state} counts={counts} />
          </span>
        }
      />
      <CardBody className="space-y-4">
        <div className="space-y-2">
          <ProgressBar counts={counts} label="Generation progress" />
          <p className="text-sm text-slate-700 tabular-nums" data-testid="generation-counts">
            {counts.total === 0 ? "Add prompts to generate them." : countsLine(counts)}
          </p>
          <p className="sr-only" role="status" aria-live="polite" aria-atomic="true">
            {announcement(set)}
          </p>
        </div>

        {failed.length > 0 && !running ? (
          <Alert tone="error" title={`${failed.length} ${failed.length === 1 ? "prompt" : "prompts"} failed`}>
            <ul className="mt-1 space-y-1">
              {failed.slice(0, 5).map((p) => (
                <li key={p.id} className="break-words">
                  <a href={`#prompt-${p.id}`} className="font-mono font-medium underline underline-offset-2">
                    {p.name}
                  </a>
                  : {p.error?.message ?? "failed"}
                </li>
              ))}
              {failed.length > 5 ? <li>…and {failed.length - 5} more, marked in the list.</li> : null}
            </ul>
          </Alert>
        ) : null}

        {error ? (
          <Alert tone="error" title="Generation could not start">
            {error}
          </Alert>
        ) : null}

        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant={counts.failed > 0 ? "secondary" : "primary"}
            pending={pending === "all"}
            disabled={running || counts.total === 0 || pending !== null}
            onClick={() => onGenerate("all")}
          >
            {running ? "Generating…" : ready ? "Generate all again" : "Generate all"}
          </Button>
          {counts.failed > 0 ? (
            <Button
              pending={pending === "failed"}
              disabled={running || pending !== null}
              onClick={() => onGenerate("failed")}
            >
              Retry failed ({counts.failed})
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-slate-600">
          Every prompt goes through the content cache: prompts generated before with the same voice, format and text
          cost nothing and come back at once.
        </p>

        <div className="space-y-3 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">Download for your phone system</h3>
          <SegmentedControl
            legend="Archive layout"
            name={`${id}-layout`}
            options={archiveLayouts.map((value) => ({ value, label: LAYOUTS[value].label }))}
            value={layout}
            onChange={setLayout}
          />
          <p className="text-xs break-words text-slate-600" data-testid="layout-description">
            <code className="font-mono text-slate-800">{set.archive_paths[layout]}</code> · {LAYOUTS[layout].where} With
            prompts.csv: name, text, voice, format, duration and sha256 of every file.
          </p>
          {ready ? (
            <a
              href={`/studio/prompt-sets/${set.id}/archive?layout=${layout}`}
              download
              className={buttonClasses("primary", "md")}
            >
              <DownloadIcon /> Download {LAYOUTS[layout].label} archive (.zip)
            </a>
          ) : (
            <>
              <Button disabled aria-describedby={`${id}-not-ready`}>
                <DownloadIcon /> Download {LAYOUTS[layout].label} archive (.zip)
              </Button>
              <p id={`${id}-not-ready`} className="text-xs text-slate-600">
                Available once every prompt is generated.
              </p>
            </>
          )}
        </div>
      </CardBody>
    </Card>
  );
}
