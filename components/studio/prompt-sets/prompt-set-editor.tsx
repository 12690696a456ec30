"use client";

import Link from "next/link";
import type { StudioPromptSet } from "@/lib/edge/actions/prompt-set-actions";
import { PageHeader } from "@/components/dashboard/page-header";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { UpdatePromptSetBody } from "@/lib/voice/prompt-sets/schemas";
import type { Lexeme } from "@/lib/voice/lexicons/parse-pls";
import type { Voice } from "@/lib/voice/schemas";
import type { StudioFormat } from "../studio-labels";
import { CsvCard } from "./csv-card";
import { GenerationPanel } from "./generation-panel";
import { liveMessage, NowPlaying } from "./now-playing";
import { PromptList } from "./prompt-list";
import { setReader } from "./read-as";
import { SetSettings } from "./set-settings";
import { usePromptAudio } from "./use-prompt-audio";
import { usePromptSetEditor } from "./use-prompt-set-editor";

export function PromptSetEditor({
  initial,
  voices,
  languageNames,
  formats,
  maxTextLength,
  providerId,
  lexicons,
}: {
  initial: StudioPromptSet;
  providerId: string;
  voices: Voice[];
  languageNames: Record<string, string>;
  formats: StudioFormat[];
  maxTextLength: number;
  /** The organisation's pronunciation lexicons, to apply by id (their entries show how prompts are read). */
  lexicons: { id: string; name: string; lexemes: Lexeme[] }[];
}) {
  const { set, query, list, generation, setAction, ...editor } = usePromptSetEditor(initial);
  const { element: audioElement, playing, play, stop } = usePromptAudio(set.output_format);
  const format = formats.find((f) => f.id === set.output_format);
  const voiceName = voices.find((v) => v.id === set.voice_id)?.name ?? set.voice_id;
  const readAs = setReader(set, lexicons, voices);
  const saveSettings = async (body: UpdatePromptSetBody) => {
    const result = await editor.saveSettings(body);
    if (result.ok) stop();
    return result;
  };

  return (
    <>
      <PageHeader
        back={
          <Link
            href="/studio/prompt-sets"
            className="text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            ← All prompt sets
          </Link>
        }
        title={set.name}
        description={`${set.prompts.length} ${set.prompts.length === 1 ? "prompt" : "prompts"} · ${voiceName} · ${format?.label ?? set.output_format} · ${set.language}`}
        actions={
          <>
            <Button
              variant="secondary"
              size="sm"
              pending={setAction.pending === "duplicate"}
              disabled={setAction.pending !== null}
              onClick={() => setAction.run("duplicate")}
            >
              Duplicate set
            </Button>
            <ConfirmDialog
              trigger="Delete set"
              title={`Delete ${set.name}?`}
              description={`Its ${set.prompts.length} prompts go with it. Audio already generated stays in your organisation's content cache.`}
              confirmLabel="Delete set"
              pending={setAction.pending === "delete"}
              disabled={setAction.pending !== null}
              onConfirm={() => setAction.run("delete")}
            />
          </>
        }
      />
      {setAction.error ? (
        <Alert tone="error" title="That did not work" className="mb-6">
          {setAction.error}
        </Alert>
      ) : null}
      {query.isError ? (
        <Alert tone="warning" className="mb-6">
          Progress could not be refreshed ({query.error.message}); showing the last copy.
        </Alert>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {liveMessage(list.message, playing)}
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        <div className="min-w-0 space-y-6">
          <GenerationPanel
            set={set}
            pending={generation.pending}
            error={generation.error}
            onGenerate={generation.generate}
          />
          {list.error ? (
            <Alert tone="error" title="The prompts could not be saved">
              {list.error}
            </Alert>
          ) : null}
          <PromptList
            prompts={set.prompts}
            peaks={set.peaks}
            extension={set.file_extension}
            formatId={set.output_format}
            maxTextLength={maxTextLength}
            saving={list.saving}
            onChange={list.change}
            playing={playing}
            onPlay={(prompt, mode) =>
              prompt.sha256 && void play({ id: prompt.id, name: prompt.name, sha256: prompt.sha256 }, mode)
            }
            readAs={readAs}
            textType={set.text_type}
            audio={
              <NowPlaying audioElement={audioElement} playing={playing} formatId={set.output_format} format={format} />
            }
          />
        </div>
        <div className="min-w-0 space-y-6">
          <CsvCard setId={set.id} promptCount={set.prompts.length} onImport={editor.importCsv} />
          <SetSettings
            set={set}
            voices={voices}
            languageNames={languageNames}
            formats={formats}
            providerId={providerId}
            lexicons={lexicons}
            onSave={saveSettings}
          />
        </div>
      </div>
    </>
  );
}
