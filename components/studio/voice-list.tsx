import type { RefObject } from "react";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { voiceSummary, type LanguageNamer } from "@/lib/voice/studio/voice-filters";
import type { Voice } from "@/lib/voice/schemas";
import { PlayIcon, StopIcon } from "./icons";
import type { PreviewStatus } from "./use-voice-preview";

/** The voices as radios, one preview button each. */
export function VoiceList({
  id,
  voices,
  nameOf,
  selectedId,
  onSelect,
  statusOf,
  onPreview,
  listRef,
  embedded,
}: {
  id: string;
  voices: Voice[];
  nameOf: LanguageNamer;
  selectedId: string | null;
  onSelect: (id: string) => void;
  statusOf: (voiceId: string) => PreviewStatus | null;
  onPreview: (voice: Voice) => void;
  listRef: RefObject<HTMLUListElement | null>;
  embedded: boolean;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">Voice</legend>
      <ul
        ref={listRef}
        className={cx(
          "relative divide-y divide-slate-100 overflow-y-auto",
          embedded ? "max-h-[18rem]" : "max-h-[26rem] lg:max-h-[40rem]",
        )}
        aria-label="Voices"
      >
        {voices.map((voice) => {
          const selected = voice.id === selectedId;
          const state = statusOf(voice.id);
          return (
            <li
              key={voice.id}
              className={cx("flex items-start gap-3 px-4 py-3 sm:px-5", selected && "bg-indigo-50/70")}
            >
              <input
                type="radio"
                name={`${id}-voice`}
                id={`${id}-${voice.id}`}
                value={voice.id}
                checked={selected}
                onChange={() => onSelect(voice.id)}
                className="mt-1 size-4 shrink-0 accent-indigo-600"
              />
              <label htmlFor={`${id}-${voice.id}`} className="min-w-0 flex-1 cursor-pointer">
                <span className="block text-sm font-medium text-slate-900">{voice.name}</span>
                <span className="block text-xs text-slate-600">{voiceSummary(voice, nameOf)}</span>
                {voice.description ? (
                  <span className={cx("mt-1 text-xs text-slate-500", selected ? "block" : "line-clamp-1")}>
                    {voice.description}
                  </span>
                ) : null}
                {state === "error" ? (
                  <span className="mt-1 block text-xs text-red-700">The preview could not be played.</span>
                ) : null}
              </label>
              {voice.preview_url ? (
                <Button
                  variant="secondary"
                  size="sm"
                  className="shrink-0"
                  pending={state === "loading"}
                  aria-label={`${state === "playing" ? "Stop" : "Play"} the preview of ${voice.name}`}
                  aria-pressed={state === "playing"}
                  onClick={() => onPreview(voice)}
                >
                  {state === "playing" ? <StopIcon /> : state === "loading" ? null : <PlayIcon />}
                  <span aria-hidden="true">{state === "playing" ? "Stop" : "Play"}</span>
                </Button>
              ) : (
                <span className="shrink-0 text-xs text-slate-500">No preview</span>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
