"use client";

import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { EmptyState } from "@/components/ui/empty-state";
import { Input, Select } from "@/components/ui/field";
import {
  filterVoices,
  NO_FILTERS,
  voiceFacets,
  voiceSummary,
  type LanguageNamer,
  type VoiceFilters,
} from "@/lib/voice/studio/voice-filters";
import type { Voice } from "@/lib/voice/schemas";
import { PlayIcon, StopIcon } from "./icons";
import { followPlayback } from "./playback-events";

type PreviewState = { voiceId: string; status: "loading" | "playing" | "error" } | null;

/**
 * Every voice with search, filters, a preview button each, and a radio to pick one. The one
 * voice picker of the studio: the playground and the prompt-set forms (`embedded`: inside a
 * form, with a shorter list) both use it, so voices have the same names and filters everywhere.
 */
export function VoicePicker({
  voices,
  nameOf,
  error,
  selectedId,
  onSelect,
  searchRef,
  embedded = false,
}: {
  nameOf: LanguageNamer;
  voices: Voice[];
  error: string | null;
  selectedId: string | null;
  onSelect: (id: string) => void;
  searchRef?: React.RefObject<HTMLInputElement | null>;
  embedded?: boolean;
}) {
  const [filters, setFilters] = useState<VoiceFilters>(NO_FILTERS);
  const query = useDeferredValue(filters.query);
  const facets = useMemo(() => voiceFacets(voices, nameOf), [voices, nameOf]);
  const shown = useMemo(() => filterVoices(voices, { ...filters, query }, nameOf), [voices, filters, query, nameOf]);
  const filtered = filters.query !== "" || filters.language !== "" || filters.gender !== "" || filters.accent !== "";
  const id = useId();
  const set = (key: keyof VoiceFilters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));

  const audio = useRef<HTMLAudioElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // Open with the picked voice in view inside the list (without scrolling the page).
  useEffect(() => {
    const box = list.current;
    const item = box?.querySelector("input:checked")?.closest("li");
    if (box && item)
      box.scrollTop = Math.max(0, item.getBoundingClientRect().top - box.getBoundingClientRect().top - 8);
    // Only when the studio opens: later picks are made where the reader is looking.
  }, []);
  const [preview, setPreview] = useState<PreviewState>(null);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    return followPlayback(element, {
      playing: () => setPreview((p) => (p ? { ...p, status: "playing" } : p)),
      ended: () => setPreview(null),
      error: () => setPreview((p) => (p ? { ...p, status: "error" } : p)),
    });
  }, []);

  function togglePreview(voice: Voice) {
    const element = audio.current;
    if (!element || !voice.preview_url) return;
    if (preview?.voiceId === voice.id && preview.status !== "error") {
      element.pause();
      setPreview(null);
      return;
    }
    setPreview({ voiceId: voice.id, status: "loading" });
    element.src = voice.preview_url;
    element.play().catch((reason: unknown) => {
      // A newer click replaced this preview before it started: not a failure.
      if (reason instanceof DOMException && reason.name === "AbortError") return;
      setPreview((p) => (p?.voiceId === voice.id ? { ...p, status: "error" } : p));
    });
  }

  const previewVoice = preview ? voices.find((v) => v.id === preview.voiceId) : undefined;
  const previewMessage =
    !preview || !previewVoice
      ? ""
      : preview.status === "loading"
        ? `Loading the preview of ${previewVoice.name}…`
        : preview.status === "playing"
          ? `Playing the preview of ${previewVoice.name}.`
          : `The preview of ${previewVoice.name} could not be played.`;

  return (
    <Card aria-labelledby={`${id}-title`} className="@container flex min-w-0 flex-col">
      <CardHeader
        id={`${id}-title`}
        title={embedded ? "Voice" : "Voices"}
        description={voices.length ? `${voices.length} voices on the connected account.` : undefined}
      />
      {/* One shared player for previews: starting another preview stops the last one. */}
      <audio
        ref={audio}
        preload="none"
        aria-label="Voice preview"
        data-testid="voice-preview-audio"
        className="hidden"
      />
      {error ? (
        <div className="p-4">
          <Alert tone="error" title="Voices could not be loaded">
            {error} Reload the page to try again.
          </Alert>
        </div>
      ) : (
        <>
          {/* Two filters a row only where the card is wide enough for "Any gender (3)" uncut: a
              prompt set's settings column is narrower than the screen says. */}
          <div
            role="search"
            className="grid grid-cols-1 gap-2 border-b border-slate-200 px-4 py-3 @sm:grid-cols-2 sm:px-5"
          >
            <div className="col-span-full">
              <label htmlFor={`${id}-query`} className="block text-sm font-medium text-slate-800">
                Search voices
              </label>
              <Input
                ref={searchRef}
                id={`${id}-query`}
                type="search"
                className="mt-1"
                placeholder="Name, language, accent…"
                value={filters.query}
                onChange={(e) => set("query")(e.target.value)}
              />
            </div>
            <FilterSelect
              id={`${id}-language`}
              label="Language"
              all="All languages"
              value={filters.language}
              onChange={set("language")}
              options={facets.languages}
              className="col-span-full"
            />
            <FilterSelect
              id={`${id}-gender`}
              label="Gender"
              all="Any gender"
              value={filters.gender}
              onChange={set("gender")}
              options={facets.genders}
            />
            <FilterSelect
              id={`${id}-accent`}
              label="Accent"
              all="Any accent"
              value={filters.accent}
              onChange={set("accent")}
              options={facets.accents}
            />
            <div className="col-span-full flex min-h-8 items-center justify-between gap-2">
              <p className="text-xs text-slate-600" aria-live="polite" aria-atomic="true">
                {filtered ? `${shown.length} of ${voices.length} voices match.` : `${voices.length} voices.`}
              </p>
              {filtered ? (
                <Button variant="ghost" size="sm" onClick={() => setFilters(NO_FILTERS)}>
                  Clear filters
                </Button>
              ) : null}
            </div>
          </div>
          <p className="sr-only" aria-live="polite">
            {previewMessage}
          </p>
          {shown.length === 0 ? (
            <EmptyState
              title={voices.length === 0 ? "No voices on the connected account" : "No voices match"}
              description={
                voices.length === 0
                  ? "Add voices to the speech provider's account, then reload."
                  : "Try fewer words or another language."
              }
              action={
                filtered ? (
                  <Button variant="secondary" size="sm" onClick={() => setFilters(NO_FILTERS)}>
                    Clear filters
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <fieldset className="min-w-0">
              <legend className="sr-only">Voice</legend>
              <ul
                ref={list}
                className={cx(
                  "relative divide-y divide-slate-100 overflow-y-auto",
                  embedded ? "max-h-[18rem]" : "max-h-[26rem] lg:max-h-[40rem]",
                )}
                aria-label="Voices"
              >
                {shown.map((voice) => {
                  const selected = voice.id === selectedId;
                  const state = preview?.voiceId === voice.id ? preview.status : null;
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
                          onClick={() => togglePreview(voice)}
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
          )}
        </>
      )}
    </Card>
  );
}

function FilterSelect({
  id,
  label,
  all,
  value,
  onChange,
  options,
  className,
}: {
  id: string;
  label: string;
  all: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string; count: number }[];
  className?: string;
}) {
  return (
    <div className={cx("min-w-0", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <Select id={id} className="mt-1" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label} ({option.count})
          </option>
        ))}
      </Select>
    </div>
  );
}
