"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { generatePromptAction, getVoiceDefaultsAction, listHistoryAction } from "@/lib/edge/actions/studio-actions";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { characterCount } from "@/lib/voice/studio/character-count";
import { defaultVoiceId } from "@/lib/voice/studio/voice-filters";
import { sameSettings } from "@/lib/voice/studio/voice-settings";
import { DEFAULT_OUTPUT_FORMAT } from "@/lib/voice/audio/formats";
import type { TtsHistoryItem } from "@/lib/voice/list-tts-generations";
import { modelIds } from "@/lib/platform/config/model-ids";
import { DEFAULT_MODEL_ID, MARKUP_ALLOWANCE, type Voice } from "@/lib/voice/schemas";
import { HistoryList } from "./history-list";
import { Playground } from "./playground";
import type { PlaygroundState } from "./types";
import type { StudioFormat } from "./studio-labels";
import { PromptPlayer } from "./prompt-player";
import type { PlayerPrompt } from "./types";
import { VoicePicker } from "./voice-picker";
import { isOneOf } from "@/lib/platform/narrow";

const STARTER_SCRIPT =
  "Thank you for calling. For sales, press 1. For support, press 2. To hear these options again, press 9.";

function fromHistory(item: TtsHistoryItem): PlayerPrompt | null {
  if (!item.audio_url || !item.file_extension || !item.content_type) return null;
  return {
    sha256: item.sha256,
    bytes: item.bytes,
    output_format: item.output_format,
    file_extension: item.file_extension,
    content_type: item.content_type,
    audio_url: item.audio_url,
    cached: item.cached,
    characters: item.characters,
    voice_id: item.voice_id,
    model_id: item.model_id,
    text: item.text,
    source: { kind: "history", id: item.id, createdAt: item.created_at },
  };
}

export function Studio({
  voices,
  voicesError,
  languageNames,
  formats,
  initialHistory,
  maxTextLength,
  urlTtlSeconds,
  providerId,
  lexicons,
}: {
  voices: Voice[];
  voicesError: string | null;
  /** Display names of the voices' language codes, made on the server (see LanguageNamer). */
  languageNames: Record<string, string>;
  formats: StudioFormat[];
  initialHistory: TtsHistoryItem[];
  maxTextLength: number;
  urlTtlSeconds: number;
  providerId: string;
  /** The organisation's pronunciation lexicons, to apply by id. */
  lexicons: { id: string; name: string }[];
}) {
  const queryClient = useQueryClient();
  const [voiceId, setVoiceId] = useState<string | null>(() => defaultVoiceId(voices));
  const voice = voices.find((v) => v.id === voiceId) ?? null;
  const [state, setState] = useState<PlaygroundState>({
    text: STARTER_SCRIPT,
    modelId: DEFAULT_MODEL_ID,
    formatId: formats.find((f) => f.default)?.id ?? DEFAULT_OUTPUT_FORMAT,
    settings: null,
    customSettings: false,
    ssml: false,
    lexiconIds: [],
  });
  const [textError, setTextError] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<PlayerPrompt | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const playerHeading = useRef<HTMLHeadingElement>(null);
  const [focusPlayer, setFocusPlayer] = useState(0);
  // SSML's limit counts the words spoken, which the server checks; the field may hold the markup.
  const count = characterCount(state.text, state.ssml ? maxTextLength * MARKUP_ALLOWANCE : maxTextLength);
  const voiceNames = useMemo(() => new Map(voices.map((v) => [v.id, v.name])), [voices]);
  const nameOf = useCallback((code: string) => languageNames[code] ?? code, [languageNames]);
  const voiceName = useCallback((id: string) => voiceNames.get(id) ?? id, [voiceNames]);

  const defaults = useQuery({
    queryKey: ["voice-defaults", voiceId],
    queryFn: async () => {
      const result = await getVoiceDefaultsAction(voiceId!);
      if (!result.ok) throw new Error(result.error);
      return result.value;
    },
    enabled: voiceId !== null,
    staleTime: 60 * 60_000,
    retry: false,
  });
  // While the voice's defaults apply, the sliders show them (and follow a change of voice).
  const shownState = state.customSettings ? state : { ...state, settings: defaults.data ?? state.settings };

  const history = useQuery({
    queryKey: ["studio-history"],
    queryFn: () => listHistoryAction(),
    initialData: initialHistory,
    staleTime: 30_000,
  });

  const generate = useMutation({
    mutationFn: generatePromptAction,
    onSuccess: (result) => {
      if (!result.ok) return;
      const value = result.value;
      setPrompt({ ...value, text: state.text, warnings: value.warnings, source: { kind: "generated" } });
      setFocusPlayer((n) => n + 1);
      void queryClient.invalidateQueries({ queryKey: ["studio-history"] });
    },
  });
  useEffect(() => {
    if (focusPlayer) playerHeading.current?.focus();
  }, [focusPlayer]);

  const result = generate.data;
  const failure = result && !result.ok ? result : null;
  const error = generate.isError
    ? {
        title: "The prompt could not be generated",
        message: "The studio could not reach the server. Check your connection and try again.",
      }
    : failure
      ? { title: failureTitle(failure.failure?.code), message: failure.error }
      : null;
  const status = generate.isPending
    ? "Generating the prompt…"
    : result?.ok
      ? `Prompt ready: ${result.value.bytes.toLocaleString("en-US")} bytes, ${result.value.cached ? "served from the content cache" : "newly generated"}.`
      : "";

  function submit() {
    if (!voice) return;
    if (state.text.trim() === "") return setTextError("Type something to say.");
    if (count.over)
      return setTextError(`Shorten the script to ${maxTextLength.toLocaleString("en-US")} characters or fewer.`);
    setTextError(null);
    const sendSettings =
      state.customSettings && state.settings && !(defaults.data && sameSettings(state.settings, defaults.data));
    generate.mutate({
      text: state.text,
      ...(state.ssml ? { text_type: "ssml" } : {}),
      ...(state.lexiconIds.length ? { lexicon_ids: state.lexiconIds } : {}),
      voice_id: voice.id,
      model_id: state.modelId,
      output_format: state.formatId,
      ...(sendSettings ? { voice_settings: state.settings } : {}),
    });
  }

  function reuse(item: TtsHistoryItem) {
    if (voices.some((v) => v.id === item.voice_id)) setVoiceId(item.voice_id);
    setState((s) => ({
      ...s,
      text: item.text,
      modelId: isOneOf(modelIds, item.model_id) ? item.model_id : s.modelId,
      formatId: formats.some((f) => f.id === item.output_format) ? item.output_format : s.formatId,
      settings: item.voice_settings ?? s.settings,
      customSettings: item.voice_settings !== null,
    }));
    setTextError(null);
    document.getElementById("playground")?.scrollIntoView({ block: "start" });
  }

  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start">
        <VoicePicker
          nameOf={nameOf}
          voices={voices}
          error={voicesError}
          selectedId={voiceId}
          onSelect={setVoiceId}
          searchRef={searchRef}
        />
        <div className="min-w-0 space-y-6" id="playground">
          <Playground
            voice={voice}
            nameOf={nameOf}
            state={shownState}
            onChange={(patch) => {
              setState((s) => ({ ...s, ...patch }));
              if (patch.text !== undefined) setTextError(null);
            }}
            count={count}
            formats={formats}
            lexicons={lexicons}
            providerId={providerId}
            defaults={{
              status: defaults.isError ? "error" : defaults.data ? "ready" : "loading",
              error: defaults.error?.message,
            }}
            onReset={() => defaults.data && setState((s) => ({ ...s, settings: defaults.data, customSettings: false }))}
            onChangeVoice={() => {
              searchRef.current?.scrollIntoView({ block: "center" });
              searchRef.current?.focus();
            }}
            onGenerate={submit}
            pending={generate.isPending}
            textError={textError}
            error={error}
            status={status}
          />
          {prompt ? (
            <PromptPlayer
              key={prompt.source.kind === "history" ? prompt.source.id : `${prompt.sha256}-generated`}
              ref={playerHeading}
              prompt={prompt}
              voiceName={voiceName(prompt.voice_id)}
              urlTtlSeconds={urlTtlSeconds}
            />
          ) : (
            <Card>
              <EmptyState
                title="Your prompt will play here"
                description="Generate to hear the script, see its waveform, and download the file with the right extension for your phone system."
              />
            </Card>
          )}
        </div>
      </div>
      <HistoryList
        items={history.data}
        voiceName={voiceName}
        playingId={
          prompt?.source.kind === "history"
            ? prompt.source.id
            : (history.data.find((item) => item.sha256 === prompt?.sha256)?.id ?? null)
        }
        refreshing={history.isFetching}
        error={history.isError ? "The history could not be refreshed; showing the last copy." : null}
        onPlay={(item) => {
          const next = fromHistory(item);
          if (!next) return;
          setPrompt(next);
          setFocusPlayer((n) => n + 1);
        }}
        onReuse={reuse}
      />
    </div>
  );
}

function failureTitle(code: string | undefined): string {
  switch (code) {
    case "bad_request":
      return "The request was refused";
    case "format_not_in_plan":
      return "That format is not in the provider's plan";
    case "voice_not_found":
      return "That voice is no longer available";
    case "rate_limited":
      return "The speech provider is busy";
    case "upstream_error":
      return "The speech provider failed";
    default:
      return "The prompt could not be generated";
  }
}
