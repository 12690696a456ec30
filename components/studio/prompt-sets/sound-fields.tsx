"use client";

import { Field, Input, Select } from "@/components/ui/field";
import { promptSetLanguageSchema } from "@/lib/voice/prompt-sets/schemas";
import type { LanguageNamer } from "@/lib/voice/studio/voice-filters";
import type { ModelId } from "@/lib/platform/config/model-ids";
import type { Voice } from "@/lib/voice/schemas";
import type { StudioFormat } from "../studio-labels";
import { FormatBadges, FormatOptions, ModelSelect } from "../sound-controls";
import { VoicePicker } from "../voice-picker";

/** The sound of a whole set: one voice, model, format and language folder for every prompt. */
export type SoundChoice = { voiceId: string; modelId: ModelId; formatId: string; language: string };

/**
 * Voice, model, format and language fields, shared by the "New set" form and the editor. The
 * voice is the studio's own picker (search, filters, previews), so names match everywhere.
 */
export function SoundFields({
  id,
  value,
  onChange,
  voices,
  nameOf,
  formats,
  errors = {},
  languagePlaceholder,
  narrow = false,
}: {
  id: string;
  value: SoundChoice;
  onChange: (patch: Partial<SoundChoice>) => void;
  voices: Voice[];
  nameOf: LanguageNamer;
  formats: StudioFormat[];
  errors?: Record<string, string | undefined>;
  languagePlaceholder?: string;
  /** In a side column: one field per row, so long voice and format names stay readable. */
  narrow?: boolean;
}) {
  const format = formats.find((f) => f.id === value.formatId);
  const voice = voices.find((v) => v.id === value.voiceId);

  return (
    <div className={narrow ? "grid gap-4" : "grid gap-4 sm:grid-cols-2"}>
      <div className={narrow ? "min-w-0" : "min-w-0 sm:col-span-2"}>
        <VoicePicker
          voices={voices}
          nameOf={nameOf}
          error={null}
          selectedId={value.voiceId || null}
          onSelect={(voiceId) => onChange({ voiceId })}
          embedded
        />
        {errors.voice_id ? <p className="mt-1 text-sm text-red-700">{errors.voice_id}</p> : null}
        {value.voiceId && !voice ? (
          <p className="mt-1 text-sm text-red-700">
            The set&apos;s voice {value.voiceId} is no longer offered; pick another.
          </p>
        ) : null}
      </div>
      <Field id={`${id}-model`} label="Model" error={errors.model_id}>
        {(props) => <ModelSelect {...props} value={value.modelId} onChange={(modelId) => onChange({ modelId })} />}
      </Field>
      <Field
        id={`${id}-format`}
        label="Output format"
        error={errors.output_format}
        hint={format ? <FormatBadges format={format} lead="Files end in" /> : undefined}
      >
        {(props) => (
          <Select {...props} value={value.formatId} onChange={(e) => onChange({ formatId: e.target.value })}>
            <FormatOptions formats={formats} />
          </Select>
        )}
      </Field>
      <Field
        id={`${id}-language`}
        label="Language folder"
        error={errors.language}
        hint="The folder the Asterisk and FreeSWITCH archives put the files in, e.g. en or en_US."
      >
        {(props) => (
          <Input
            {...props}
            value={value.language}
            placeholder={languagePlaceholder}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => onChange({ language: e.target.value })}
          />
        )}
      </Field>
    </div>
  );
}

/** The language folder a voice implies, as the server picks it when none is given (see checkVoice). */
export function languageFolderOf(voice: Voice | undefined): string {
  const code = promptSetLanguageSchema.safeParse(voice?.language?.replace("-", "_"));
  return code.success ? code.data : "en";
}
