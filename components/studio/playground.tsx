"use client";

import { useId } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { CharacterCount } from "@/lib/voice/studio/character-count";
import { voiceSummary, type LanguageNamer } from "@/lib/voice/studio/voice-filters";
import type { Voice } from "@/lib/voice/schemas";
import { ModelAndFormat, PlaygroundSettings } from "./playground-sound";
import { ScriptField } from "./playground-script";
import type { StudioFormat } from "./studio-labels";
import type { PlaygroundState } from "./types";

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

          <ScriptField
            id={id}
            state={state}
            onChange={onChange}
            count={count}
            lexicons={lexicons}
            textError={textError}
          />

          <ModelAndFormat id={id} state={state} onChange={onChange} providerId={providerId} formats={formats} />
          <PlaygroundSettings
            id={id}
            state={state}
            onChange={onChange}
            providerId={providerId}
            defaults={defaults}
            onReset={onReset}
          />

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
