"use client";

import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import {
  filterVoices,
  NO_FILTERS,
  voiceFacets,
  type LanguageNamer,
  type VoiceFilters,
} from "@/lib/voice/studio/voice-filters";
import type { Voice } from "@/lib/voice/schemas";
import { useVoicePreview } from "./use-voice-preview";
import { isFiltered, VoiceFilterBar } from "./voice-filter-bar";
import { VoiceList } from "./voice-list";

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
  const id = useId();
  const { audio, statusOf, toggle, message } = useVoicePreview(voices);

  const list = useRef<HTMLUListElement>(null);
  // Open with the picked voice in view inside the list (without scrolling the page).
  useEffect(() => {
    const box = list.current;
    const item = box?.querySelector("input:checked")?.closest("li");
    if (box && item)
      box.scrollTop = Math.max(0, item.getBoundingClientRect().top - box.getBoundingClientRect().top - 8);
    // Only when the studio opens: later picks are made where the reader is looking.
  }, []);

  return (
    <Card aria-labelledby={`${id}-title`} className="@container flex min-w-0 flex-col">
      <CardHeader
        id={`${id}-title`}
        title={embedded ? "Voice" : "Voices"}
        description={voices.length ? `${voices.length} voices on the connected account.` : undefined}
      />
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
          <VoiceFilterBar
            id={id}
            filters={filters}
            onChange={(key, value) => setFilters((f) => ({ ...f, [key]: value }))}
            onClear={() => setFilters(NO_FILTERS)}
            facets={facets}
            shown={shown.length}
            total={voices.length}
            searchRef={searchRef}
          />
          <p className="sr-only" aria-live="polite">
            {message}
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
                isFiltered(filters) ? (
                  <Button variant="secondary" size="sm" onClick={() => setFilters(NO_FILTERS)}>
                    Clear filters
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <VoiceList
              id={id}
              voices={shown}
              nameOf={nameOf}
              selectedId={selectedId}
              onSelect={onSelect}
              statusOf={statusOf}
              onPreview={toggle}
              listRef={list}
              embedded={embedded}
            />
          )}
        </>
      )}
    </Card>
  );
}
