import "server-only";
import { getPromptSet } from "@/lib/voice/prompt-sets/get-prompt-set";
import { getPromptSetPeaks, type PromptPeaks } from "@/lib/voice/prompt-sets/get-prompt-set-peaks";
import { type ArchiveLayout, type PromptSetView } from "@/lib/voice/prompt-sets/schemas";
import { archiveEntry } from "@/lib/voice/prompt-sets/stream-prompt-set-archive";
import { getOutputFormat } from "@/lib/voice/audio/formats";

/**
 * A set as the studio's editor shows it: the API's view, each done prompt's waveform outline,
 * and where each archive layout puts a prompt (`<name>` standing for its name), from the same
 * rule the archive follows.
 */
export type StudioPromptSet = PromptSetView & { peaks: PromptPeaks; archive_paths: Record<ArchiveLayout, string> };

export async function getStudioPromptSet(input: { orgId: string; id: string }): Promise<StudioPromptSet> {
  const [view, peaks] = await Promise.all([getPromptSet(input), getPromptSetPeaks(input)]);
  return withStudioExtras(view, peaks);
}

/** The editor's view of a set a write has just returned (its prompts' URLs already signed). */
export async function studioPromptSetOf(orgId: string, view: PromptSetView): Promise<StudioPromptSet> {
  return withStudioExtras(view, await getPromptSetPeaks({ orgId, id: view.id }));
}

function withStudioExtras(view: PromptSetView, peaks: PromptPeaks): StudioPromptSet {
  const format = getOutputFormat(view.output_format);
  const pathIn = (layout: ArchiveLayout) => archiveEntry(layout, view.language, "<name>", format).path;
  const archivePaths: Record<ArchiveLayout, string> = {
    asterisk: pathIn("asterisk"),
    freeswitch: pathIn("freeswitch"),
    flat: pathIn("flat"),
  };
  return { ...view, peaks, archive_paths: archivePaths };
}
