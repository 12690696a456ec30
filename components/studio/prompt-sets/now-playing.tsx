import type { RefObject } from "react";
import type { StudioFormat } from "../studio-labels";
import { phoneLawOf, type Playing } from "./use-prompt-audio";

/** The set's one player, sticky so it stays in reach while the designer scrolls a long list. */
export function NowPlaying({
  audioElement,
  playing,
  formatId,
  format,
}: {
  audioElement: RefObject<HTMLAudioElement | null>;
  playing: Playing | null;
  formatId: string;
  format: StudioFormat | undefined;
}) {
  return (
    <div
      hidden={!playing}
      className="sticky top-0 z-10 border-b border-slate-200 bg-indigo-50/95 px-4 py-3 backdrop-blur sm:px-5"
    >
      <p className="text-sm text-slate-800">
        {playing ? (
          playing.mode === "phone" ? (
            <>
              <span className="font-mono font-medium">{playing.name}</span> as a caller hears it: through G.711{" "}
              {phoneLawOf(formatId)} at 8 kHz and back.
            </>
          ) : (
            <>
              <span className="font-mono font-medium">{playing.name}</span> as generated ({format?.label ?? formatId}).
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
}

/** What a screen reader hears of the list and the player. */
export function liveMessage(listMessage: string, playing: Playing | null): string {
  if (playing?.status === "loading") return `${listMessage} Loading ${playing.name}…`;
  if (playing?.status === "playing")
    return `${listMessage} Playing ${playing.name}${playing.mode === "phone" ? " as a caller hears it" : ""}.`;
  return listMessage;
}
