"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useId } from "react";
import { listPromptSetsAction } from "@/lib/edge/actions/prompt-set-actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import type { PromptSetSummary } from "@/lib/voice/prompt-sets/schemas";
import { NEW_SET_NAME_ID } from "./new-prompt-set-form";
import { countsLine, GenerationBadge, ProgressBar } from "./progress";

/** The organisation's sets with their progress; refreshed every few seconds while one is generating. */
export function PromptSetList({
  initial,
  voiceName,
}: {
  initial: PromptSetSummary[];
  voiceName: Record<string, string>;
}) {
  const id = useId();
  const sets = useQuery({
    queryKey: ["prompt-sets"],
    queryFn: async () => {
      const result = await listPromptSetsAction();
      if (!result.ok) throw new Error(result.error);
      return result.value;
    },
    initialData: initial,
    refetchInterval: (query) => (query.state.data?.some((s) => s.generation.state === "running") ? 2000 : false),
  });

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader
        id={`${id}-title`}
        title="Your sets"
        description={
          sets.data.length
            ? `${sets.data.length} ${sets.data.length === 1 ? "set" : "sets"} in this organisation, newest first.`
            : undefined
        }
      />
      {sets.isError ? (
        <div className="px-4 pt-4 sm:px-5">
          <Alert tone="warning">The list could not be refreshed; showing the last copy.</Alert>
        </div>
      ) : null}
      {sets.data.length === 0 ? (
        <EmptyState
          icon={<SetIcon />}
          title="No prompt sets yet"
          description="A set is a whole IVR menu (greeting, options, “invalid entry”, “please hold”…) in one voice and format, generated together and downloaded as one archive laid out for Asterisk or FreeSWITCH."
          action={
            <Button
              variant="secondary"
              onClick={() => {
                const name = document.getElementById(NEW_SET_NAME_ID);
                name?.scrollIntoView({ block: "center" });
                name?.focus();
              }}
            >
              Start your first set
            </Button>
          }
        />
      ) : (
        <ul aria-label="Prompt sets" className="divide-y divide-slate-100">
          {sets.data.map((set) => {
            const { counts, state } = set.generation;
            return (
              <li key={set.id} className="relative px-4 py-4 hover:bg-slate-50/70 sm:px-5">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h3 className="text-sm font-semibold break-words text-slate-900">
                      {/* The whole row is the link's target; the heading names it. */}
                      <Link
                        href={`/studio/prompt-sets/${set.id}`}
                        className="after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                      >
                        {set.name}
                      </Link>
                    </h3>
                    <p className="mt-0.5 text-xs text-slate-600">
                      {voiceName[set.voice_id] ?? set.voice_id} · <code className="font-mono">{set.output_format}</code>{" "}
                      · {set.language} · updated <DateTime value={set.updated_at} />
                    </p>
                  </div>
                  <GenerationBadge state={state} counts={counts} />
                </div>
                <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1">
                  <ProgressBar counts={counts} label={`Progress of ${set.name}`} className="max-w-xs flex-1 basis-40" />
                  <p className="text-xs text-slate-600 tabular-nums" data-testid="set-counts">
                    {counts.total === 0 ? "No prompts yet" : countsLine(counts)}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

function SetIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="1.5">
      <path d="M4 6h16M4 12h16M4 18h10" strokeLinecap="round" />
      <path d="M18 15v6m-3-3h6" strokeLinecap="round" />
    </svg>
  );
}
