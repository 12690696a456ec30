"use client";

import { useState } from "react";
import type { PromptSetView, UpdatePromptSetBody } from "@/lib/voice/prompt-sets/schemas";
import { modelIds } from "@/lib/platform/config/model-ids";
import { isOneOf } from "@/lib/platform/narrow";
import { DEFAULT_MODEL_ID, type VoiceSettingsInput } from "@/lib/voice/schemas";
import type { SoundChoice } from "./sound-fields";

export type Draft = SoundChoice & {
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

// Changing any of these makes every prompt pending again (the API's rule, lib/voice/prompt-sets).
const SOUND_FIELDS = ["voice_id", "model_id", "output_format", "voice_settings", "text_type", "lexicon_ids"];

export type SaveSetSettings = (
  body: UpdatePromptSetBody,
) => Promise<{ ok: true } | { ok: false; error: string; fieldErrors?: Record<string, string> }>;

/** The settings form's draft of a set, what it would change, and saving it. */
export function useSetSettingsDraft(set: PromptSetView, onSave: SaveSetSettings) {
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

  async function save() {
    if (!dirty) return;
    setPending(true);
    setError(null);
    setSaved(null);
    const result = await onSave(body);
    setPending(false);
    if (result.ok) {
      setEdited(null);
      setErrors({});
      setSaved(soundChanges.length ? "Saved. The prompts are marked not generated: generate the set again." : "Saved.");
    } else {
      setErrors(result.fieldErrors ?? {});
      setError(result.error);
    }
  }

  return { draft, update, errors, error, saved, pending, dirty, soundChanges, save, discard: () => setEdited(null) };
}
