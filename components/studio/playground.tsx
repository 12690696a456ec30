"use client";

import { useId } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { Select } from "@/components/ui/field";
import type { CharacterCount } from "@/lib/voice/studio/character-count";
import { SLIDERS } from "@/lib/voice/studio/voice-settings";
import { hiddenSettingsNote, honouredSettings } from "@/lib/voice/honoured-settings";
import { FormatOptions, SettingSlider } from "./sound-controls";
import { MODEL_LABELS, PLAN_LABELS, type StudioFormat } from "./studio-labels";
import { voiceSummary, type LanguageNamer } from "@/lib/voice/studio/voice-filters";
import type { ModelId } from "@/lib/platform/config/model-ids";
import type { ResolvedVoiceSettings, Voice } from "@/lib/voice/schemas";
import { modelIds } from "@/lib/platform/config/model-ids";

export type PlaygroundState = {
  text: string;
  modelId: ModelId;
  formatId: string;
  settings: ResolvedVoiceSettings | null;
  /** False while the voice's defaults apply (then no voice_settings are sent). */
  customSettings: boolean;
  /** The script is an SSML document (text_type ssml). */
  ssml: boolean;
  /** Pronunciation lexicons applied, in order (at most 4). */
  lexiconIds: string[];
};

export function Playground({
  voice,
  nameOf,
  state,
  onChange,
  count,
  formats,
  lexicons,
  providerId,
  defaults,
  onReset,
  onChangeVoice,
  onGenerate,
  pending,
  textError,
  error,
  status,
}: {
  voice: Voice | null;
  nameOf: LanguageNamer;
  state: PlaygroundState;
  onChange: (patch: Partial<PlaygroundState>) => void;
  count: CharacterCount;
  formats: StudioFormat[];
  lexicons: { id: string; name: string }[];
  providerId: string;
  defaults: { status: "loading" | "ready" | "error"; error?: string };
  onReset: () => void;
  onChangeVoice: () => void;
  onGenerate: () => void;
  pending: boolean;
  textError: string | null;
  error: { title: string; message: string } | null;
  status: string;
}) {
  const id = useId();
  const format = formats.find((f) => f.id === state.formatId);
  const settings = state.settings;
  const describedBy = [`${id}-count`, textError ? `${id}-text-error` : null].filter(Boolean).join(" ");

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader
        id={`${id}-title`}
        title="Playground"
        description="Type the script, choose how it is spoken and encoded, and generate."
      />
      <CardBody>
        <form
          noValidate
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            onGenerate();
          }}
        >
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
            <div className="min-w-0">
              <p className="text-xs font-medium text-slate-600">Voice</p>
              {voice ? (
                <p className="text-sm text-slate-900" data-testid="selected-voice">
                  <span className="font-medium">{voice.name}</span>{" "}
                  <span className="text-slate-600">· {voiceSummary(voice, nameOf)}</span>
                </p>
              ) : (
                <p className="text-sm text-slate-600">Pick a voice from the list.</p>
              )}
            </div>
            <Button variant="ghost" size="sm" onClick={onChangeVoice}>
              Change voice
            </Button>
          </div>

          <div>
            <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-800">
              Script
            </label>
            <textarea
              id={`${id}-text`}
              rows={5}
              value={state.text}
              onChange={(e) => onChange({ text: e.target.value })}
              aria-describedby={describedBy}
              aria-invalid={textError || count.over ? true : undefined}
              placeholder="Thank you for calling. For sales, press 1. For support, press 2."
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600/30 aria-[invalid=true]:border-red-500"
            />
            <div className="mt-1 flex flex-wrap justify-between gap-2 text-xs">
              <p className="text-slate-600">Counted as the API counts: an emoji or accented letter is one character.</p>
              <p
                id={`${id}-count`}
                className={cx("tabular-nums", count.over ? "font-medium text-red-700" : "text-slate-600")}
                data-testid="character-count"
              >
                {count.message}
              </p>
            </div>
            {textError ? (
              <p id={`${id}-text-error`} className="mt-1 text-sm text-red-700">
                {textError}
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap items-start gap-x-6 gap-y-2 text-sm">
              <label className="flex items-center gap-2 text-slate-800">
                <input
                  type="checkbox"
                  checked={state.ssml}
                  onChange={(e) => onChange({ ssml: e.target.checked })}
                  aria-describedby={`${id}-ssml-hint`}
                />
                Read the script as SSML
              </label>
              <p id={`${id}-ssml-hint`} className="text-xs text-slate-600">
                {
                  '<break time="500ms"/>, <say-as interpret-as="digits">, <sub alias>, <phoneme>, <emphasis>, <prosody rate>'
                }
              </p>
              {lexicons.length > 0 ? (
                <fieldset className="min-w-0">
                  <legend className="text-xs font-medium text-slate-700">Pronunciation lexicons (up to 4)</legend>
                  <div className="mt-1 flex flex-wrap gap-3">
                    {lexicons.map((lexicon) => {
                      const checked = state.lexiconIds.includes(lexicon.id);
                      return (
                        <label key={lexicon.id} className="flex items-center gap-2 text-slate-800">
                          <input
                            type="checkbox"
                            checked={checked}
                            disabled={!checked && state.lexiconIds.length >= 4}
                            onChange={(e) =>
                              onChange({
                                lexiconIds: e.target.checked
                                  ? [...state.lexiconIds, lexicon.id]
                                  : state.lexiconIds.filter((l) => l !== lexicon.id),
                              })
                            }
                          />
                          {lexicon.name}
                        </label>
                      );
                    })}
                  </div>
                </fieldset>
              ) : null}
            </div>
            {/* Announced once when the script crosses the limit, not on every keystroke. */}
            <p className="sr-only" aria-live="polite">
              {count.over ? `The script is over the ${count.max}-character limit.` : ""}
            </p>
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="min-w-0">
              <label htmlFor={`${id}-model`} className="block text-sm font-medium text-slate-800">
                Model
              </label>
              <Select
                id={`${id}-model`}
                className="mt-1"
                value={state.modelId}
                onChange={(e) => onChange({ modelId: e.target.value as ModelId })}
                aria-describedby={`${id}-model-hint`}
              >
                {modelIds.map((model) => (
                  <option key={model} value={model}>
                    {MODEL_LABELS[model]}
                  </option>
                ))}
              </Select>
              <p id={`${id}-model-hint`} className="mt-1 text-xs text-slate-600">
                {providerId === "local" ? (
                  "The local eSpeak voices sound the same with every model; the model still counts as part of the prompt."
                ) : (
                  <>
                    <code>{state.modelId}</code> on the upstream provider.
                  </>
                )}
              </p>
            </div>
            <div className="min-w-0">
              <label htmlFor={`${id}-format`} className="block text-sm font-medium text-slate-800">
                Format
              </label>
              <Select
                id={`${id}-format`}
                className="mt-1"
                value={state.formatId}
                onChange={(e) => onChange({ formatId: e.target.value })}
                aria-describedby={`${id}-format-hint`}
              >
                <FormatOptions formats={formats} />
              </Select>
              <p id={`${id}-format-hint`} className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
                {format ? (
                  <>
                    <code className="font-mono">{format.id}</code>
                    <Badge>{format.file_extension}</Badge>
                    {format.group === "telephony" ? <Badge tone="success">Telephony</Badge> : null}
                    {format.min_provider_plan ? (
                      <Badge tone="warning">Needs the upstream {PLAN_LABELS[format.min_provider_plan]}</Badge>
                    ) : null}
                  </>
                ) : null}
              </p>
            </div>
          </div>

          <fieldset className="min-w-0 rounded-md border border-slate-200 px-3 pt-1 pb-3">
            <legend className="px-1 text-sm font-medium text-slate-800">Voice settings</legend>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-xs text-slate-600" aria-live="polite">
                {defaults.status === "loading" && !settings
                  ? "Loading the voice's defaults…"
                  : defaults.status === "error" && !settings
                    ? defaults.error
                    : state.customSettings
                      ? "Custom settings: sent with the request."
                      : "The voice's defaults: no settings are sent."}
              </p>
              <Button
                variant="secondary"
                size="sm"
                onClick={onReset}
                disabled={!state.customSettings || defaults.status !== "ready"}
              >
                Reset to the voice&apos;s defaults
              </Button>
            </div>
            {hiddenSettingsNote(providerId) ? (
              <p className="mt-2 text-xs text-slate-600">{hiddenSettingsNote(providerId)}</p>
            ) : null}
            <div className="mt-3 grid gap-x-6 gap-y-4 sm:grid-cols-2">
              {SLIDERS.filter((spec) => honouredSettings(providerId).includes(spec.key)).map((spec) => (
                <SettingSlider
                  key={spec.key}
                  id={id}
                  spec={spec}
                  value={settings?.[spec.key]}
                  disabled={!settings}
                  withHint
                  onChange={(value) =>
                    settings && onChange({ settings: { ...settings, [spec.key]: value }, customSettings: true })
                  }
                />
              ))}
            </div>
            {honouredSettings(providerId).includes("use_speaker_boost") ? (
              <label className="mt-4 flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-indigo-600"
                  checked={settings?.use_speaker_boost ?? false}
                  disabled={!settings}
                  onChange={(e) =>
                    settings &&
                    onChange({ settings: { ...settings, use_speaker_boost: e.target.checked }, customSettings: true })
                  }
                />
                <span>
                  Speaker boost
                  <span className="block text-xs text-slate-500">
                    Closer to the original voice, at a small latency cost.
                  </span>
                </span>
              </label>
            ) : null}
          </fieldset>

          {error ? (
            <Alert tone="error" title={error.title}>
              {error.message}
            </Alert>
          ) : null}

          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" pending={pending} disabled={!voice}>
              {pending ? "Generating…" : "Generate"}
            </Button>
            <p role="status" aria-live="polite" className="text-sm text-slate-600" data-testid="generate-status">
              {status}
            </p>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
