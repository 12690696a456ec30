"use client";

import { useQuery } from "@tanstack/react-query";
import { forwardRef, useId, useMemo, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { buttonClasses, Spinner } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyField } from "@/components/ui/copy-field";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { DateTime } from "@/components/ui/date-time";
import { toPlayableAudio, waveformPeaks } from "@/lib/voice/audio/raw-audio";
import { getOutputFormat } from "@/lib/voice/audio/formats";
import { phoneLawOf } from "./prompt-sets/use-prompt-audio";
import { formatBytes, promptFilename, type PlayerPrompt } from "./types";
import { DownloadIcon } from "./icons";

const BARS = 160;

type LoadedAudio = { url: string; rendition: string | null; peaks: number[]; duration: number };

/** Fetches the prompt's bytes (same origin), makes them playable, and outlines the waveform. */
async function loadAudio(prompt: PlayerPrompt, signal: AbortSignal): Promise<LoadedAudio> {
  const res = await fetch(`/studio/audio/${prompt.sha256}`, { signal });
  if (!res.ok)
    throw new Error(
      res.status === 404
        ? "This prompt's audio is no longer stored."
        : `The audio could not be loaded (HTTP ${res.status}).`,
    );
  const bytes = new Uint8Array(await res.arrayBuffer());
  const playable = toPlayableAudio(prompt.output_format, bytes);
  // An offline context decodes without a user gesture and without touching the speakers;
  // a low rate is plenty for an outline.
  const decoded = await new OfflineAudioContext(1, 1, 8000).decodeAudioData(playable.bytes.slice().buffer);
  // Cast: TypeScript's Uint8Array<ArrayBufferLike> may be shared memory, which Blob refuses; these bytes never are.
  const url = URL.createObjectURL(new Blob([playable.bytes as BlobPart], { type: playable.contentType }));
  return {
    url,
    rendition: playable.rendition,
    peaks: waveformPeaks(decoded.getChannelData(0), BARS),
    duration: decoded.duration,
  };
}

export const PromptPlayer = forwardRef<
  HTMLHeadingElement,
  { prompt: PlayerPrompt; voiceName: string; urlTtlSeconds: number }
>(function PromptPlayer({ prompt, voiceName, urlTtlSeconds }, headingRef) {
  const id = useId();
  const format = getOutputFormat(prompt.output_format);
  const audio = useQuery({
    queryKey: ["studio-audio", prompt.sha256, prompt.output_format],
    queryFn: ({ signal }) => loadAudio(prompt, signal),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
  });
  const element = useRef<HTMLAudioElement>(null);
  // Progress belongs to one prompt: a new prompt starts at zero without a reset effect.
  const [played, setPlayed] = useState({ sha256: prompt.sha256, progress: 0 });
  const progress = played.sha256 === prompt.sha256 ? played.progress : 0;
  const setProgress = (value: number) => setPlayed({ sha256: prompt.sha256, progress: value });
  // "As a caller": the same prompt through a G.711 line and back, rendered by the server.
  const [listen, setListen] = useState<{ sha256: string; mode: "original" | "phone" }>({
    sha256: prompt.sha256,
    mode: "original",
  });
  const mode = listen.sha256 === prompt.sha256 ? listen.mode : "original";
  // Switching renditions keeps the listener's place: both are the same prompt, the same length.
  const resume = useRef<{ time: number; playing: boolean } | null>(null);
  const filename = promptFilename(prompt);
  const minutes = Math.round(urlTtlSeconds / 60);

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader
        id={`${id}-title`}
        title={
          <span ref={headingRef} tabIndex={-1} className="outline-none">
            {prompt.source.kind === "generated" ? "Your prompt" : "Prompt from history"}
          </span>
        }
        description={
          prompt.source.kind === "history" ? (
            <>
              Generated <DateTime value={prompt.source.createdAt} /> · {voiceName}
            </>
          ) : (
            voiceName
          )
        }
        actions={
          // A history entry says how it was made back then, not that it is new now.
          <Badge tone={prompt.cached ? "info" : "success"}>
            {prompt.source.kind === "history"
              ? prompt.cached
                ? "Was served from the cache"
                : "Was newly generated"
              : prompt.cached
                ? "Cached: served from the content cache"
                : "Newly generated"}
          </Badge>
        }
      />
      <CardBody className="space-y-4">
        <blockquote className="rounded-md bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-800">
          {prompt.text}
        </blockquote>

        {prompt.warnings?.length ? (
          <Alert tone="warning" title="Not everything was applied">
            <ul className="list-disc pl-4" data-testid="prompt-warnings">
              {prompt.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          </Alert>
        ) : null}

        {audio.isError ? (
          <Alert tone="error" title="The player could not load this prompt">
            {audio.error.message} The download link below may still work.
          </Alert>
        ) : !audio.data ? (
          <div className="flex h-24 items-center justify-center gap-2 rounded-md bg-slate-50 text-sm text-slate-600">
            <Spinner /> Loading the audio…
          </div>
        ) : (
          <div className="space-y-2">
            <Waveform
              peaks={audio.data.peaks}
              progress={progress}
              duration={audio.data.duration}
              onSeek={(fraction) => {
                const el = element.current;
                if (el && Number.isFinite(el.duration)) el.currentTime = fraction * el.duration;
              }}
            />
            <SegmentedControl
              legend="Listen"
              name={`${id}-listen`}
              options={[
                { value: "original", label: "As generated" },
                { value: "phone", label: "As a caller" },
              ]}
              value={mode}
              onChange={(value) => {
                const el = element.current;
                resume.current = el ? { time: el.currentTime, playing: !el.paused && !el.ended } : null;
                setListen({ sha256: prompt.sha256, mode: value });
              }}
            />
            <audio
              ref={element}
              controls
              src={mode === "phone" ? `/studio/audio/${prompt.sha256}/phone` : audio.data.url}
              aria-label={
                mode === "phone" ? "Play the prompt as a caller hears it" : `Play the prompt (${format.label})`
              }
              data-testid="prompt-audio"
              className="w-full"
              onLoadedMetadata={(e) => {
                const at = resume.current;
                resume.current = null;
                if (!at) return;
                const el = e.currentTarget;
                el.currentTime = Math.min(at.time, el.duration || at.time);
                if (at.playing) void el.play().catch(() => undefined);
              }}
              onTimeUpdate={(e) => {
                const el = e.currentTarget;
                setProgress(el.duration ? el.currentTime / el.duration : 0);
              }}
              onEnded={() => setProgress(1)}
            />
            {mode === "phone" ? (
              <p className="text-xs text-slate-600" data-testid="phone-band-note">
                As a caller hears it: encoded to G.711 {phoneLawOf(prompt.output_format)} at 8 kHz, as a phone line
                carries it, and decoded back (band limit and companding included). The download is the original{" "}
                {prompt.file_extension} file.
              </p>
            ) : audio.data.rendition ? (
              <p className="text-xs text-slate-600">
                {audio.data.rendition} The download is the original {prompt.file_extension} file.
              </p>
            ) : null}
          </div>
        )}

        <div className="flex flex-wrap items-center gap-3">
          <a href={prompt.audio_url} download={filename} className={buttonClasses("primary", "md")}>
            <DownloadIcon /> Download {filename}
          </a>
          <span className="text-sm text-slate-600">
            {format.label}
            {audio.data ? ` · ${audio.data.duration.toFixed(1)} s` : null}
          </span>
        </div>

        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Detail label="Size">
            <span data-testid="prompt-bytes" data-bytes={prompt.bytes}>
              {formatBytes(prompt.bytes)}
            </span>
          </Detail>
          <Detail label="Characters">{prompt.characters.toLocaleString("en-US")}</Detail>
          <Detail label="Format">
            <code className="font-mono">{prompt.output_format}</code> · {prompt.file_extension} · {prompt.content_type}
          </Detail>
          <Detail label="Cache">
            {prompt.cached
              ? "Served from the content cache (cached: true)"
              : "Synthesized for this request (cached: false)"}
          </Detail>
          <Detail label="SHA-256" className="sm:col-span-2">
            <code className="font-mono text-xs break-all">{prompt.sha256}</code>
          </Detail>
        </dl>

        <CopyField
          label="audio_url"
          value={prompt.audio_url}
          copyLabel="Copy URL"
          note={`A signed link, valid for ${minutes} minutes from when it was issued; anyone holding it can download the file.`}
        />
      </CardBody>
    </Card>
  );
});

function Detail({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}

/** Bars drawn from the decoded audio; the played part darkens. Click to seek (the audio controls do the same by keyboard). */
function Waveform({
  peaks,
  progress,
  duration,
  onSeek,
}: {
  peaks: number[];
  progress: number;
  duration: number;
  onSeek: (fraction: number) => void;
}) {
  const clipId = `wave-${useId().replace(/[^A-Za-z0-9_-]/g, "")}`;
  const width = peaks.length * 3;
  const bars = useMemo(
    () =>
      peaks.map((peak, i) => {
        const h = Math.max(1.5, peak * 56);
        return <rect key={i} x={i * 3} y={30 - h / 2} width={2} height={h} rx={1} />;
      }),
    [peaks],
  );
  return (
    <svg
      viewBox={`0 0 ${width} 60`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Waveform of the prompt, ${duration.toFixed(1)} seconds`}
      data-testid="prompt-waveform"
      className="h-20 w-full cursor-pointer rounded-md bg-slate-50"
      onClick={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        onSeek(Math.min(1, Math.max(0, (e.clientX - box.left) / box.width)));
      }}
    >
      <defs>
        <clipPath id={clipId}>
          <rect x={0} y={0} width={width * progress} height={60} />
        </clipPath>
      </defs>
      <g className="fill-slate-400">{bars}</g>
      <g className="fill-indigo-600" clipPath={`url(#${clipId})`}>
        {bars}
      </g>
    </svg>
  );
}
