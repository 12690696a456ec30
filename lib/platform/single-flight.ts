import { logger } from "@/lib/platform/log";
/**
 * Collapses concurrent calls with the same key into one: the first caller runs `work`, the
 * rest await its promise. `shared` tells a caller whether it joined someone else's run.
 */
export class SingleFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  async run(key: string, work: () => Promise<T>): Promise<{ value: T; shared: boolean }> {
    const existing = this.running.get(key);
    if (existing) return { value: await existing, shared: true };
    const promise = (async () => {
      try {
        return await work();
      } finally {
        this.running.delete(key);
      }
    })();
    this.running.set(key, promise);
    return { value: await promise, shared: false };
  }

  get size(): number {
    return this.running.size;
  }
}

/**
 * A per-process cache with a time-to-live that keeps serving the last good value when a
 * refresh fails (retrying the refresh at most every `retryAfterErrorMs`), and refreshes each
 * key once however many callers ask at the same moment. At most `maxEntries` keys: the one
 * stored longest ago goes first (keys come from requests, e.g. any voice id the upstream knows).
 */
export class StaleWhileErrorCache<T> {
  private readonly entries = new Map<string, { value: T; fetchedAt: number; failedAt?: number }>();
  private readonly flight = new SingleFlight<T>();

  constructor(
    private readonly ttlMs: () => number,
    private readonly retryAfterErrorMs = 30_000,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 1000,
  ) {}

  async get(key: string, load: () => Promise<T>, options: { cacheIf?: (value: T) => boolean } = {}): Promise<T> {
    const entry = this.entries.get(key);
    const now = this.now();
    if (entry && now - entry.fetchedAt < this.ttlMs()) return entry.value;
    if (entry?.failedAt !== undefined && now - entry.failedAt < this.retryAfterErrorMs) return entry.value;
    try {
      const { value } = await this.flight.run(key, async () => {
        const fresh = await load();
        if (options.cacheIf?.(fresh) ?? true) this.store(key, fresh);
        return fresh;
      });
      return value;
    } catch (error) {
      const stale = this.entries.get(key);
      if (!stale) throw error;
      stale.failedAt = this.now();
      const reason = error instanceof Error ? error.message : String(error);
      logger().warn(
        { cacheKey: key, reason, staleFrom: new Date(stale.fetchedAt).toISOString() },
        "refresh failed; serving the stale copy",
      );
      return stale.value;
    }
  }

  clear(): void {
    this.entries.clear();
  }

  private store(key: string, value: T) {
    // Deleted first so a refreshed key counts as newest.
    this.entries.delete(key);
    const oldest = this.entries.keys().next();
    if (this.entries.size >= this.maxEntries && !oldest.done) this.entries.delete(oldest.value);
    this.entries.set(key, { value, fetchedAt: this.now() });
  }
}

/** At most `limit` tasks at a time; the rest wait in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // the slot passes straight to the next task
      else this.active--;
    }
  }
}
