import "server-only";
import argon2 from "argon2";
import { Semaphore } from "@/lib/platform/single-flight";

// argon2id with the library's defaults (64 MiB, 3 passes, 4 lanes): OWASP's recommended
// floor, and about 100 ms here, which is what a sign-in can afford.

/** A Semaphore whose places (running or waiting) can also be held ahead, up to `capacity`. */
class WorkQueue extends Semaphore {
  private held = 0;

  constructor(
    concurrency: number,
    private readonly capacity = Number.POSITIVE_INFINITY,
  ) {
    super(concurrency);
  }

  /**
   * One of the queue's `capacity` places (running or waiting), held for work to come, or null
   * when every place is taken: a bounded queue refuses rather than grows.
   */
  hold(): QueuePlace | null {
    if (this.held >= this.capacity) return null;
    this.held++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.held--;
    };
    return {
      run: async (work) => {
        try {
          return await this.run(work);
        } finally {
          release();
        }
      },
      release,
    };
  }
}

type QueuePlace = { run<T>(work: () => Promise<T>): Promise<T>; release(): void };

// Each hash holds 64 MiB while it runs, so a burst must not run them all at once. Sign-in (and
// the operator's and invitation's hashes) share one queue of 4; sign-up has its own, of one job
// and a few waiting places, taken before the form is answered: a flood of sign-ups fills only
// its own queue and is then refused, and never stands between a sign-in and its verification.
const signInQueue = new WorkQueue(4);
export const signUpQueue = new WorkQueue(1, 8);

// One argon2 hash runs its four lanes on four threads, so a sign-up hash alone fills this
// machine's cores. Sign-in pre-empts sign-up: a sign-up hash starts only when no sign-in hash or
// verification is running or waiting (or after SIGN_UP_YIELD_MS, so a stream of sign-ins cannot
// hold sign-up back for ever), and a sign-in never waits behind more than the one running.
const SIGN_UP_YIELD_MS = 10_000;
let signInWork = 0;
let signInsDone: (() => void)[] = [];

async function runForSignIn<T>(work: () => Promise<T>): Promise<T> {
  signInWork++;
  try {
    return await signInQueue.run(work);
  } finally {
    if (--signInWork === 0) for (const resume of signInsDone.splice(0)) resume();
  }
}

function afterSignIns(): Promise<void> {
  if (signInWork === 0) return Promise.resolve();
  return new Promise((resolve) => {
    signInsDone.push(resolve);
    setTimeout(() => {
      signInsDone = signInsDone.filter((waiting) => waiting !== resolve);
      resolve();
    }, SIGN_UP_YIELD_MS).unref();
  });
}

const hash = (password: string) => argon2.hash(password, { type: argon2.argon2id });

export async function hashPassword(password: string): Promise<string> {
  return runForSignIn(() => hash(password));
}

/** A place in sign-up's own hash queue, or null when sign-up is at capacity. */
export function holdSignUpHash(): { hash(password: string): Promise<string>; release(): void } | null {
  const place = signUpQueue.hold();
  return (
    place && {
      hash: (password) =>
        place.run(async () => {
          await afterSignIns();
          return hash(password);
        }),
      release: place.release,
    }
  );
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. With no hash (unknown email, or an account that
 * only signs in with GitHub) it still spends the time of a real verification, so response
 * time does not reveal which emails have accounts.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword("not-a-real-password-only-for-timing");
    const hash = await dummyHash;
    await runForSignIn(() => argon2.verify(hash, password)).catch(() => false);
    return false;
  }
  return runForSignIn(() => argon2.verify(storedHash, password)).catch(() => false);
}
