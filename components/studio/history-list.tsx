"use client";

import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import type { TtsHistoryItem } from "@/lib/voice/list-tts-generations";
import { formatBytes, promptFilename } from "./types";
import { PlayIcon } from "./icons";

/** The organisation's latest prompts (studio and API alike): replay, re-download, reuse. */
export function HistoryList({
  items,
  voiceName,
  onPlay,
  onReuse,
  playingId,
  refreshing,
  error,
}: {
  items: TtsHistoryItem[];
  voiceName: (id: string) => string;
  onPlay: (item: TtsHistoryItem) => void;
  onReuse: (item: TtsHistoryItem) => void;
  /** The entry whose audio is in the player (for a fresh result, its newest entry). */
  playingId: string | null;
  refreshing: boolean;
  error: string | null;
}) {
  return (
    <Card aria-labelledby="history-title">
      <CardHeader
        id="history-title"
        title="History"
        description="Your organisation's latest 20 prompts, from the studio and from API keys. Links are signed afresh each time the list loads."
        actions={
          refreshing ? (
            <span className="text-xs text-slate-600" role="status">
              Updating…
            </span>
          ) : null
        }
      />
      {error ? (
        <p role="alert" className="border-b border-slate-200 px-4 py-2 text-sm text-red-700 sm:px-5">
          {error}
        </p>
      ) : null}
      {items.length === 0 ? (
        <EmptyState
          title="No prompts yet"
          description="Generate your first prompt above. Prompts your backend makes with POST /tts show up here too."
        />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Generated prompts">
          {items.map((item) => {
            const current = item.id === playingId;
            return (
              <li
                key={item.id}
                className="flex flex-col gap-3 px-4 py-3 sm:px-5 md:flex-row md:items-start md:justify-between"
              >
                <div className="min-w-0 flex-1">
                  <p className="line-clamp-2 text-sm break-words text-slate-900">{item.text}</p>
                  <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
                    <DateTime value={item.created_at} />
                    <span aria-hidden="true">·</span>
                    <span>{voiceName(item.voice_id)}</span>
                    <span aria-hidden="true">·</span>
                    <code className="font-mono">{item.output_format}</code>
                    <span aria-hidden="true">·</span>
                    <span>{formatBytes(item.bytes)}</span>
                    {item.cached ? <Badge tone="info">cached</Badge> : null}
                    {current ? <Badge tone="accent">In the player</Badge> : null}
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  {item.audio_url && item.file_extension ? (
                    <>
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => onPlay(item)}
                        aria-label={`Play “${short(item.text)}”`}
                      >
                        <PlayIcon />
                        <span aria-hidden="true">Play</span>
                      </Button>
                      <a
                        href={item.audio_url}
                        download={promptFilename({ sha256: item.sha256, file_extension: item.file_extension })}
                        className={buttonClasses("secondary", "sm")}
                        aria-label={`Download ${item.file_extension}: “${short(item.text)}”`}
                      >
                        <span aria-hidden="true">Download {item.file_extension}</span>
                      </a>
                    </>
                  ) : (
                    <span className="text-xs text-slate-500">Audio no longer stored</span>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onReuse(item)}
                    aria-label={`Reuse “${short(item.text)}” in the playground`}
                  >
                    <span aria-hidden="true">Reuse</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

function short(text: string): string {
  const chars = [...text.trim()];
  return chars.length > 40 ? `${chars.slice(0, 40).join("")}…` : chars.join("");
}
