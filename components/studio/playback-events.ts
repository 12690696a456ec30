/** The three events the studio's players follow on an <audio> element; returns the unsubscribe. */
export function followPlayback(
  audio: HTMLAudioElement,
  on: { playing: () => void; ended: () => void; error: () => void },
): () => void {
  const events = ["playing", "ended", "error"] as const;
  for (const event of events) audio.addEventListener(event, on[event]);
  return () => {
    for (const event of events) audio.removeEventListener(event, on[event]);
  };
}
