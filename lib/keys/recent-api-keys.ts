import "server-only";
import { listenForApiKeyChanges } from "@/lib/db/api-key-changes";

/**
 * How long a key found valid is believed without asking the database again: the longest a
 * revoked key can still be honoured by a process that did not hear of the revocation.
 */
export const RECENT_API_KEY_MS = 5_000;
// Bounded so a flood of distinct valid keys cannot grow the process; the oldest goes first.
const MAX_RECENT_KEYS = 10_000;

type Entry<V> = { value: V; until: number };

/**
 * API keys found valid in the last few seconds, by hash, so that a client's next requests skip
 * the database's key lookup (docs/architecture.md, "API keys"). Revocation reaches it two ways:
 * every change to a key is announced on a PostgreSQL channel (lib/db/api-key-changes.ts) that
 * each process listens to, and forgets the key as the notice arrives (milliseconds); nothing is
 * remembered while that listener is not in effect (before it starts, after its connection
 * drops), so a missed notice cannot leave a key believed. And whatever happens, an entry lives
 * at most RECENT_API_KEY_MS, and never past the key's own expiry.
 */
type RecentApiKeys<V> = {
  /** The value remembered for this key hash, if still within its time. */
  get: (keyHash: string, now: number) => V | undefined;
  /** Taken before a lookup and passed to remember: an answer a change overtook is not kept. */
  begin: () => number;
  remember: (keyHash: string, value: V, at: { now: number; expiresAt: Date | null; since: number }) => void;
  /** Forgets one key (this process changed it) or, without a hash, all. */
  forget: (keyHash?: string) => void;
  /** Resolves once changes are being heard (tests: before relying on what is remembered). */
  listening: () => Promise<void>;
};

export function createRecentApiKeys<V>(options: { ttlMs?: number; maxKeys?: number; listen?: boolean } = {}) {
  const ttlMs = options.ttlMs ?? RECENT_API_KEY_MS;
  const maxKeys = options.maxKeys ?? MAX_RECENT_KEYS;
  const entries = new Map<string, Entry<V>>();
  // Moves on every change heard (and every loss of the listener), so a lookup that started
  // before a change cannot store what it read after the change forgot the key.
  let generation = 0;
  let heard = options.listen === false;
  let started = options.listen === false;
  let whenHeard: Promise<void> = Promise.resolve();
  let markHeard: () => void = () => undefined;

  const forget = (keyHash?: string) => {
    generation++;
    if (keyHash === undefined) entries.clear();
    else entries.delete(keyHash);
  };

  const start = () => {
    if (started) return;
    started = true;
    whenHeard = new Promise((resolve) => (markHeard = resolve));
    listenForApiKeyChanges((keyHash) => forget(keyHash), {
      onListening: () => {
        forget();
        heard = true;
        markHeard();
      },
      onLost: () => {
        heard = false;
        forget();
      },
      unref: true,
    });
  };

  const recent: RecentApiKeys<V> = {
    get: (keyHash, now) => {
      start();
      if (!heard) return undefined;
      const entry = entries.get(keyHash);
      if (!entry) return undefined;
      if (now < entry.until) return entry.value;
      entries.delete(keyHash);
      return undefined;
    },
    begin: () => {
      start();
      return generation;
    },
    remember: (keyHash, value, { now, expiresAt, since }) => {
      if (!heard || since !== generation) return;
      const until = Math.min(now + ttlMs, expiresAt?.getTime() ?? Infinity);
      if (until <= now) return;
      if (entries.size >= maxKeys && !entries.has(keyHash)) entries.delete(entries.keys().next().value as string);
      entries.set(keyHash, { value, until });
    },
    forget,
    listening: () => {
      start();
      return whenHeard;
    },
  };
  return recent;
}
