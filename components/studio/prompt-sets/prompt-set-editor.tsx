"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import {
  deletePromptSetAction,
  duplicatePromptSetAction,
  generatePromptSetAction,
  getPromptSetAction,
  importPromptCsvAction,
  updatePromptSetAction,
  type StudioPromptSet,
} from "@/lib/edge/actions/prompt-set-actions";
import { PageHeader } from "@/components/dashboard/page-header";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { UpdatePromptSetBody } from "@/lib/voice/prompt-sets/schemas";
import type { Voice } from "@/lib/voice/schemas";
import type { StudioFormat } from "../studio-labels";
import { CsvCard } from "./csv-card";
import { GenerationPanel } from "./generation-panel";
import { PromptList, type PromptListChange } from "./prompt-list";
import { SetSettings } from "./set-settings";
import { phoneLawOf, usePromptAudio } from "./use-prompt-audio";

const OFFLINE = "The studio could not reach the server. Check your connection and try again.";

/** What the prompt list says to a screen reader after a change is saved. */
function changeMessage(change: PromptListChange, count: number): string {
  switch (change.kind) {
    case "add":
      return `Added ${change.prompts.at(-1)!.name}. The set has ${count} prompts.`;
    case "delete":
      return `Deleted ${change.name}.`;
    case "edit":
      return `Saved ${change.prompts.find((p) => p.id === change.promptId)?.name ?? "the prompt"}.`;
    case "move": {
      const index = change.prompts.findIndex((p) => p.id === change.promptId);
      return `Moved ${change.prompts[index].name} ${change.direction} to position ${index + 1} of ${count}.`;
    }
  }
}

export function PromptSetEditor({
  initial,
  voices,
  languageNames,
  formats,
  maxTextLength,
  providerId,
}: {
  initial: StudioPromptSet;
  providerId: string;
  voices: Voice[];
  languageNames: Record<string, string>;
  formats: StudioFormat[];
  maxTextLength: number;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const key = ["prompt-set", initial.id];
  // The state lives in the database: the page renders it, then this polls it while a generation
  // runs, so a reload (or another tab) shows the same progress.
  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      const result = await getPromptSetAction(initial.id);
      if (!result.ok) throw new Error(result.error);
      return result.value;
    },
    initialData: initial,
    refetchInterval: (q) => (q.state.data?.generation.state === "running" ? 1000 : false),
  });
  const set = query.data;
  const apply = (value: StudioPromptSet) => {
    queryClient.setQueryData(key, value);
    void queryClient.invalidateQueries({ queryKey: ["prompt-sets"] });
  };

  const [saving, setSaving] = useState(false);
  const [listError, setListError] = useState<string | null>(null);
  const [listMessage, setListMessage] = useState("");
  const [generating, setGenerating] = useState<"all" | "failed" | null>(null);
  const [generateError, setGenerateError] = useState<string | null>(null);
  const [setAction, setSetAction] = useState<"duplicate" | "delete" | null>(null);
  const [setError, setSetError] = useState<string | null>(null);
  const { element: audioElement, playing, play, stop } = usePromptAudio(set.output_format);
  const format = formats.find((f) => f.id === set.output_format);
  const voiceName = voices.find((v) => v.id === set.voice_id)?.name ?? set.voice_id;

  // Prompt list changes are saved one after another, in the order made: two quick moves by
  // keyboard both count, and each is shown at once (the saved list replaces it when the last
  // save of a burst answers; on a failure the stored list comes back).
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const waiting = useRef(0);
  function changePrompts(change: PromptListChange): Promise<boolean> {
    setListError(null);
    if (change.kind === "move" || change.kind === "delete") {
      queryClient.setQueryData<StudioPromptSet>(key, (old) => {
        if (!old) return old;
        const byId = new Map(old.prompts.map((p) => [p.id, p]));
        return { ...old, prompts: change.prompts.flatMap((p) => byId.get(p.id!) ?? []) };
      });
    }
    waiting.current += 1;
    setSaving(true);
    const save = async () => {
      const result = await updatePromptSetAction(set.id, { prompts: change.prompts }).catch(() => ({
        ok: false as const,
        error: OFFLINE,
      }));
      waiting.current -= 1;
      if (waiting.current === 0) setSaving(false);
      if (result.ok) {
        if (waiting.current === 0) apply(result.value);
        setListMessage(changeMessage(change, result.value.prompts.length));
        return true;
      }
      setListError(result.error);
      void query.refetch();
      return false;
    };
    const saved = queue.current.then(save);
    queue.current = saved;
    return saved;
  }

  async function generate(only: "all" | "failed") {
    setGenerating(only);
    setGenerateError(null);
    const result = await generatePromptSetAction(set.id, only).catch(() => ({ ok: false as const, error: OFFLINE }));
    setGenerating(null);
    if (result.ok) apply(result.value);
    else setGenerateError(result.error);
  }

  async function saveSettings(body: UpdatePromptSetBody) {
    const result = await updatePromptSetAction(set.id, body).catch(() => ({ ok: false as const, error: OFFLINE }));
    if (result.ok) {
      stop();
      apply(result.value);
      return { ok: true as const };
    }
    return result;
  }

  async function importCsv(form: FormData) {
    const result = await importPromptCsvAction(set.id, form);
    if (result.ok) apply(result.value);
    return result;
  }

  async function duplicate() {
    setSetAction("duplicate");
    setSetError(null);
    const result = await duplicatePromptSetAction(set.id).catch(() => ({ ok: false as const, error: OFFLINE }));
    if (result.ok) {
      void queryClient.invalidateQueries({ queryKey: ["prompt-sets"] });
      router.push(`/studio/prompt-sets/${result.value.id}`);
    } else {
      setSetAction(null);
      setSetError(result.error);
    }
  }

  async function remove() {
    setSetAction("delete");
    setSetError(null);
    const result = await deletePromptSetAction(set.id).catch(() => ({ ok: false as const, error: OFFLINE }));
    if (result.ok) {
      void queryClient.invalidateQueries({ queryKey: ["prompt-sets"] });
      router.push("/studio/prompt-sets");
    } else {
      setSetAction(null);
      setSetError(result.error);
    }
  }

  const nowPlaying = (
    // Sticky, so the player stays in reach while the designer scrolls a long list.
    <div
      hidden={!playing}
      className="sticky top-0 z-10 border-b border-slate-200 bg-indigo-50/95 px-4 py-3 backdrop-blur sm:px-5"
    >
      <p className="text-sm text-slate-800">
        {playing ? (
          playing.mode === "phone" ? (
            <>
              <span className="font-mono font-medium">{playing.name}</span> as a caller hears it: through G.711{" "}
              {phoneLawOf(set.output_format)} at 8 kHz and back.
            </>
          ) : (
            <>
              <span className="font-mono font-medium">{playing.name}</span> as generated (
              {format?.label ?? set.output_format}).
            </>
          )
        ) : null}
      </p>
      <audio
        ref={audioElement}
        controls
        preload="auto"
        data-testid="prompt-set-audio"
        aria-label="Prompt playback"
        className="mt-2 h-10 w-full"
      />
      {playing?.status === "error" ? <p className="mt-1 text-sm text-red-700">{playing.error}</p> : null}
    </div>
  );

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
              pending={setAction === "duplicate"}
              disabled={setAction !== null}
              onClick={duplicate}
            >
              Duplicate set
            </Button>
            <ConfirmDialog
              trigger="Delete set"
              title={`Delete ${set.name}?`}
              description={`Its ${set.prompts.length} prompts go with it. Audio already generated stays in your organisation's content cache.`}
              confirmLabel="Delete set"
              pending={setAction === "delete"}
              disabled={setAction !== null}
              onConfirm={remove}
            />
          </>
        }
      />
      {setError ? (
        <Alert tone="error" title="That did not work" className="mb-6">
          {setError}
        </Alert>
      ) : null}
      {query.isError ? (
        <Alert tone="warning" className="mb-6">
          Progress could not be refreshed ({query.error.message}); showing the last copy.
        </Alert>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {listMessage}
        {playing?.status === "loading"
          ? ` Loading ${playing.name}…`
          : playing?.status === "playing"
            ? ` Playing ${playing.name}${playing.mode === "phone" ? " as a caller hears it" : ""}.`
            : ""}
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        <div className="min-w-0 space-y-6">
          <GenerationPanel set={set} pending={generating} error={generateError} onGenerate={generate} />
          {listError ? (
            <Alert tone="error" title="The prompts could not be saved">
              {listError}
            </Alert>
          ) : null}
          <PromptList
            prompts={set.prompts}
            peaks={set.peaks}
            extension={set.file_extension}
            formatId={set.output_format}
            maxTextLength={maxTextLength}
            saving={saving}
            onChange={changePrompts}
            playing={playing}
            onPlay={(prompt, mode) =>
              prompt.sha256 && void play({ id: prompt.id, name: prompt.name, sha256: prompt.sha256 }, mode)
            }
            audio={nowPlaying}
          />
        </div>
        <div className="min-w-0 space-y-6">
          <CsvCard setId={set.id} promptCount={set.prompts.length} onImport={importCsv} />
          <SetSettings
            set={set}
            voices={voices}
            languageNames={languageNames}
            formats={formats}
            providerId={providerId}
            onSave={saveSettings}
          />
        </div>
      </div>
    </>
  );
}
