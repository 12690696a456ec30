"use client";

import Link from "next/link";
import { useCallback, useId } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import { type LanguageNamer } from "@/lib/voice/studio/voice-filters";
import { ScriptOptions } from "../script-options";
import type { StudioFormat } from "../studio-labels";
import { SetVoiceSettings } from "./set-voice-settings";
import { SoundFields } from "./sound-fields";
import { useSetSettingsDraft, type SaveSetSettings } from "./use-set-settings-draft";
import type { PromptSetView } from "@/lib/voice/prompt-sets/schemas";
import type { Voice } from "@/lib/voice/schemas";

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
  onSave: SaveSetSettings;
}) {
  const id = useId();
  const nameOf = useCallback<LanguageNamer>((code) => languageNames[code] ?? code, [languageNames]);
  const { draft, update, errors, error, saved, pending, dirty, soundChanges, save, discard } = useSetSettingsDraft(
    set,
    onSave,
  );

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
          onSubmit={(event) => {
            event.preventDefault();
            void save();
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
              <Button variant="ghost" onClick={discard}>
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
