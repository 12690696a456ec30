"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
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
import type { UpdatePromptSetBody } from "@/lib/voice/prompt-sets/schemas";
import type { PromptListChange } from "./prompt-list";

const OFFLINE = "The studio could not reach the server. Check your connection and try again.";
const offline = () => ({ ok: false as const, error: OFFLINE });

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

/** A prompt set as the editor holds it, and every change the editor makes to it. The state lives in
 * the database: the page renders it, then this polls it while a generation runs, so a reload (or
 * another tab) shows the same progress. */
export function usePromptSetEditor(initial: StudioPromptSet) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const key = ["prompt-set", initial.id];
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
      const result = await updatePromptSetAction(set.id, { prompts: change.prompts }).catch(offline);
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
    const result = await generatePromptSetAction(set.id, only).catch(offline);
    setGenerating(null);
    if (result.ok) apply(result.value);
    else setGenerateError(result.error);
  }

  async function saveSettings(body: UpdatePromptSetBody) {
    const result = await updatePromptSetAction(set.id, body).catch(offline);
    if (!result.ok) return result;
    apply(result.value);
    return { ok: true as const };
  }

  async function importCsv(form: FormData) {
    const result = await importPromptCsvAction(set.id, form);
    if (result.ok) apply(result.value);
    return result;
  }

  /** Duplicates or deletes the whole set, then leaves for the copy or the list. */
  async function changeSet(action: "duplicate" | "delete") {
    setSetAction(action);
    setSetError(null);
    const result =
      action === "duplicate"
        ? await duplicatePromptSetAction(set.id).catch(offline)
        : await deletePromptSetAction(set.id).catch(offline);
    if (!result.ok) {
      setSetAction(null);
      setSetError(result.error);
      return;
    }
    void queryClient.invalidateQueries({ queryKey: ["prompt-sets"] });
    router.push(action === "duplicate" ? `/studio/prompt-sets/${result.value.id}` : "/studio/prompt-sets");
  }

  return {
    set,
    query,
    list: { saving, error: listError, message: listMessage, change: changePrompts },
    generation: { pending: generating, error: generateError, generate },
    saveSettings,
    importCsv,
    setAction: { pending: setAction, error: setError, run: changeSet },
  };
}
