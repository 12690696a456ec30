"use client";

import { useRouter } from "next/navigation";
import { useCallback, useId, useState, useTransition } from "react";
import { createPromptSetAction } from "@/lib/edge/actions/prompt-set-actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import { defaultVoiceId, type LanguageNamer } from "@/lib/voice/studio/voice-filters";
import { DEFAULT_MODEL_ID, type Voice } from "@/lib/voice/schemas";
import type { StudioFormat } from "../studio-labels";
import { languageFolderOf, SoundFields, type SoundChoice } from "./sound-fields";

/** Telephony first: a set is for a phone system, so the default is what every PBX plays. */
const DEFAULT_SET_FORMAT = "ulaw_8000";

/** The form's first field, which the empty list's "Start a set" button focuses. */
export const NEW_SET_NAME_ID = "new-set-name";

export function NewPromptSetForm({
  voices,
  languageNames,
  formats,
}: {
  voices: Voice[];
  /** Display names of the voices' language codes, made on the server (see LanguageNamer). */
  languageNames: Record<string, string>;
  formats: StudioFormat[];
}) {
  const id = useId();
  const nameOf = useCallback<LanguageNamer>((code) => languageNames[code] ?? code, [languageNames]);
  const router = useRouter();
  const [name, setName] = useState("");
  const [sound, setSound] = useState<SoundChoice>(() => {
    const voiceId = defaultVoiceId(voices) ?? "";
    return {
      voiceId,
      modelId: DEFAULT_MODEL_ID,
      formatId: formats.some((f) => f.id === DEFAULT_SET_FORMAT)
        ? DEFAULT_SET_FORMAT
        : (formats.find((f) => f.default)?.id ?? ""),
      language: "",
    };
  });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const voice = voices.find((v) => v.id === sound.voiceId);

  function submit() {
    if (name.trim() === "") {
      setErrors({ name: "Name the set, e.g. “Main menu” or “After hours”." });
      document.getElementById(NEW_SET_NAME_ID)?.focus();
      return;
    }
    setErrors({});
    setError(null);
    startTransition(async () => {
      const result = await createPromptSetAction({
        name,
        voice_id: sound.voiceId,
        model_id: sound.modelId,
        output_format: sound.formatId,
        ...(sound.language.trim() ? { language: sound.language.trim() } : {}),
      });
      if (result.ok) {
        router.push(`/studio/prompt-sets/${result.value.id}`);
      } else {
        setErrors(result.fieldErrors ?? {});
        setError(result.error);
      }
    });
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader
        id={`${id}-title`}
        title="New set"
        description="One voice and format for a whole menu. Add prompts next, by hand or from a spreadsheet."
      />
      <CardBody>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Field id={NEW_SET_NAME_ID} label="Name" error={errors.name}>
            {(props) => (
              <Input
                {...props}
                value={name}
                maxLength={100}
                placeholder="Main menu"
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </Field>
          <SoundFields
            id={id}
            value={sound}
            onChange={(patch) => setSound((s) => ({ ...s, ...patch }))}
            voices={voices}
            nameOf={nameOf}
            formats={formats}
            errors={errors}
            narrow
            languagePlaceholder={`${languageFolderOf(voice)} (from the voice)`}
          />
          {error ? (
            <Alert tone="error" title="The set could not be created">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" pending={pending} disabled={voices.length === 0}>
            Create set
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
