"use client";

import Link from "next/link";
import { useCallback, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import type { PromptSetView, UpdatePromptSetBody } from "@/lib/voice/prompt-sets/schemas";
import { type LanguageNamer } from "@/lib/voice/studio/voice-filters";
import { modelIds } from "@/lib/platform/config/model-ids";
import { DEFAULT_MODEL_ID } from "@/lib/voice/schemas";
import type { Voice, VoiceSettingsInput } from "@/lib/voice/schemas";
import { ScriptOptions } from "../script-options";
import type { StudioFormat } from "../studio-labels";
import { SetVoiceSettings } from "./set-voice-settings";
import { SoundFields, type SoundChoice } from "./sound-fields";
import { isOneOf } from "@/lib/platform/narrow";

type Draft = SoundChoice & {
  name: string;
  custom: boolean;
  settings: VoiceSettingsInput;
  ssml: boolean;
  lexiconIds: string[];
};

const draftOf = (set: PromptSetView): Draft => ({
  name: set.name,
  voiceId: set.voice_id,
  modelId: isOneOf(modelIds, set.model_id) ? set.model_id : DEFAULT_MODEL_ID,
  formatId: set.output_format,
  language: set.language,
  custom: set.voice_settings !== null,
  settings: set.voice_settings ?? {},
  ssml: set.text_type === "ssml",
  lexiconIds: set.lexicon_ids,
});

/** What changed, as a PATCH body: only the fields the designer touched. */
function changes(set: PromptSetView, draft: Draft): UpdatePromptSetBody {
  const body: UpdatePromptSetBody = {};
  if (draft.name.trim() !== set.name) body.name = draft.name;
  if (draft.voiceId !== set.voice_id) body.voice_id = draft.voiceId;
  if (draft.modelId !== set.model_id) body.model_id = draft.modelId;
  if (draft.formatId !== set.output_format) body.output_format = draft.formatId;
  if (draft.language.trim() !== set.language) body.language = draft.language.trim();
  const settings = draft.custom ? draft.settings : null;
  if (JSON.stringify(settings) !== JSON.stringify(set.voice_settings)) body.voice_settings = settings;
  if (draft.ssml !== (set.text_type === "ssml")) body.text_type = draft.ssml ? "ssml" : "text";
  if (draft.lexiconIds.join() !== set.lexicon_ids.join()) body.lexicon_ids = draft.lexiconIds;
  return body;
}

// Changing any of these makes every prompt pending again (the API's rule, lib/prompt-sets).
const SOUND_FIELDS = ["voice_id", "model_id", "output_format", "voice_settings", "text_type", "lexicon_ids"];

export function SetSettings({
  set,
  voices,
  languageNames,
  formats,
  providerId,
  lexicons,
  onSave,
}: {
  set: PromptSetView;
  /** The speech provider's id: which voice settings mean something (lib/voice/providers/honoured-settings). */
  providerId: string;
  voices: Voice[];
  languageNames: Record<string, string>;
  formats: StudioFormat[];
  /** The organisation's pronunciation lexicons, to apply by id. */
  lexicons: { id: string; name: string }[];
  onSave: (
    body: UpdatePromptSetBody,
  ) => Promise<{ ok: true } | { ok: false; error: string; fieldErrors?: Record<string, string> }>;
}) {
  const id = useId();
  const nameOf = useCallback<LanguageNamer>((code) => languageNames[code] ?? code, [languageNames]);
  // The draft follows the saved set until the designer edits it (a rename elsewhere, a reload).
  const [edited, setEdited] = useState<{ base: string; draft: Draft } | null>(null);
  const baseKey = set.updated_at;
  const draft = edited && edited.base === baseKey ? edited.draft : draftOf(set);
  const update = (patch: Partial<Draft>) => setEdited({ base: baseKey, draft: { ...draft, ...patch } });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const body = changes(set, draft);
  const dirty = Object.keys(body).length > 0;
  const soundChanges = SOUND_FIELDS.filter((k) => k in body);

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader
        id={`${id}-title`}
        title="Set settings"
        description="One name, voice, model, format and way of reading for every prompt of the set."
      />
      <CardBody>
        <form
          noValidate
          className="space-y-4"
          onSubmit={async (event) => {
            event.preventDefault();
            if (!dirty) return;
            setPending(true);
            setError(null);
            setSaved(null);
            const result = await onSave(body);
            setPending(false);
            if (result.ok) {
              setEdited(null);
              setErrors({});
              setSaved(
                soundChanges.length ? "Saved. The prompts are marked not generated: generate the set again." : "Saved.",
              );
            } else {
              setErrors(result.fieldErrors ?? {});
              setError(result.error);
            }
          }}
        >
          <Field id={`${id}-name`} label="Set name" error={errors.name}>
            {(props) => (
              <Input {...props} value={draft.name} maxLength={100} onChange={(e) => update({ name: e.target.value })} />
            )}
          </Field>
          <SoundFields
            id={id}
            value={draft}
            onChange={update}
            voices={voices}
            nameOf={nameOf}
            formats={formats}
            errors={errors}
            narrow
          />
          <div className="rounded-md border border-slate-200 px-3 py-2">
            <ScriptOptions
              id={id}
              label="Read the prompts as SSML"
              ssml={draft.ssml}
              lexiconIds={draft.lexiconIds}
              lexicons={lexicons}
              onChange={update}
            />
            {lexicons.length === 0 ? (
              <p className="mt-2 text-xs text-slate-600">
                No pronunciation lexicons yet: make one in <Link href="/studio/lexicons">Lexicons</Link> to say brand
                names your way.
              </p>
            ) : null}
          </div>
          <SetVoiceSettings
            id={id}
            providerId={providerId}
            voiceId={draft.voiceId}
            custom={draft.custom}
            settings={draft.settings}
            onChange={update}
          />
          {soundChanges.length ? (
            <Alert tone="warning">
              Changing the voice, model, format, settings, SSML or lexicons marks every prompt not generated. Anything
              generated before with the same choices still comes from the cache.
            </Alert>
          ) : null}
          {error ? (
            <Alert tone="error" title="The settings could not be saved">
              {error}
            </Alert>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" pending={pending} disabled={!dirty}>
              Save settings
            </Button>
            {dirty ? (
              <Button variant="ghost" onClick={() => setEdited(null)}>
                Discard changes
              </Button>
            ) : null}
            <p role="status" className="text-sm text-slate-600">
              {saved}
            </p>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
