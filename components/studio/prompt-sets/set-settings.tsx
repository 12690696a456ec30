"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useId, useState } from "react";
import { getVoiceDefaultsAction } from "@/lib/edge/actions/studio-actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import type { PromptSetView, UpdatePromptSetBody } from "@/lib/voice/prompt-sets/schemas";
import { type LanguageNamer } from "@/lib/voice/studio/voice-filters";
import { SLIDERS } from "@/lib/voice/studio/voice-settings";
import { hiddenSettingsNote, honouredSettings } from "@/lib/voice/honoured-settings";
import { SettingSlider } from "../sound-controls";
import type { ModelId } from "@/lib/platform/config/model-ids";
import type { ResolvedVoiceSettings, Voice, VoiceSettingsInput } from "@/lib/voice/schemas";
import type { StudioFormat } from "../studio-labels";
import { SoundFields, type SoundChoice } from "./sound-fields";

type Draft = SoundChoice & { name: string; custom: boolean; settings: VoiceSettingsInput };

const draftOf = (set: PromptSetView): Draft => ({
  name: set.name,
  voiceId: set.voice_id,
  modelId: set.model_id as ModelId,
  formatId: set.output_format,
  language: set.language,
  custom: set.voice_settings !== null,
  settings: set.voice_settings ?? {},
});

/** What changed, as a PATCH body: only the fields the designer touched. */
function changes(set: PromptSetView, draft: Draft): UpdatePromptSetBody {
  const body: UpdatePromptSetBody = {};
  if (draft.name.trim() !== set.name) body.name = draft.name;
  if (draft.voiceId !== set.voice_id) body.voice_id = draft.voiceId;
  if (draft.modelId !== set.model_id) body.model_id = draft.modelId;
  if (draft.formatId !== set.output_format) body.output_format = draft.formatId as UpdatePromptSetBody["output_format"];
  if (draft.language.trim() !== set.language) body.language = draft.language.trim();
  const settings = draft.custom ? draft.settings : null;
  if (JSON.stringify(settings) !== JSON.stringify(set.voice_settings)) body.voice_settings = settings;
  return body;
}

export function SetSettings({
  set,
  voices,
  languageNames,
  formats,
  providerId,
  onSave,
}: {
  set: PromptSetView;
  /** The speech provider's id: which voice settings mean something (lib/voice/honoured-settings). */
  providerId: string;
  voices: Voice[];
  languageNames: Record<string, string>;
  formats: StudioFormat[];
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
  const soundChanges = ["voice_id", "model_id", "output_format", "voice_settings"].filter((k) => k in body);

  const defaults = useQuery({
    queryKey: ["voice-defaults", draft.voiceId],
    queryFn: async () => {
      const result = await getVoiceDefaultsAction(draft.voiceId);
      if (!result.ok) throw new Error(result.error);
      return result.value;
    },
    enabled: draft.custom,
    staleTime: 60 * 60_000,
    retry: false,
  });
  const shown: Partial<ResolvedVoiceSettings> = { ...defaults.data, ...draft.settings };

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader
        id={`${id}-title`}
        title="Set settings"
        description="One name, voice, model and format for every prompt of the set."
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
          <fieldset className="min-w-0 rounded-md border border-slate-200 px-3 pt-1 pb-3">
            <legend className="px-1 text-sm font-medium text-slate-800">Voice settings</legend>
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-indigo-600"
                checked={draft.custom}
                onChange={(e) => update({ custom: e.target.checked, settings: e.target.checked ? draft.settings : {} })}
              />
              <span>
                Custom settings
                <span className="block text-xs text-slate-500">
                  Off: the voice&apos;s own defaults, as the API uses when none are sent.
                </span>
              </span>
            </label>
            {draft.custom ? (
              <div className="mt-3 grid gap-x-6 gap-y-4">
                {hiddenSettingsNote(providerId) ? (
                  <p className="text-xs text-slate-600">{hiddenSettingsNote(providerId)}</p>
                ) : null}
                {SLIDERS.filter((spec) => honouredSettings(providerId).includes(spec.key)).map((spec) => (
                  <SettingSlider
                    key={spec.key}
                    id={id}
                    spec={spec}
                    value={shown[spec.key]}
                    disabled={shown[spec.key] === undefined}
                    onChange={(value) => update({ settings: { ...draft.settings, [spec.key]: value } })}
                  />
                ))}
                {defaults.isError ? <p className="text-xs text-red-700">{defaults.error.message}</p> : null}
              </div>
            ) : null}
          </fieldset>
          {soundChanges.length ? (
            <Alert tone="warning">
              Changing the voice, model, format or settings marks every prompt not generated. Anything generated before
              with the same choices still comes from the cache.
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
