// Sign-up's hashes run on their own bounded queue: a flood of sign-ups cannot delay a sign-in's
// verification (issue 48: 40 sign-ups pushed a sign-in from 0.26 s to 9.8 s on a shared queue).
// Proven by structure, not by timing: sign-up's queue is held full by work that never ends
// until the test lets it, and a sign-in still verifies.
import argon2 from "argon2";
import { describe, expect, it } from "vitest";
import { hashPassword, holdSignUpHash, signUpQueue, verifyPassword } from "@/lib/account/users/password";

describe("password hashing queues", () => {
  it("verifies a sign-in while sign-up's queue is full and stuck, and refuses more sign-ups", async () => {
    const stored = await hashPassword("correct horse battery");
    let unblock!: () => void;
    const gate = new Promise<void>((resolve) => (unblock = resolve));
    const places = [];
    for (let place = signUpQueue.hold(); place; place = signUpQueue.hold()) places.push(place);
    expect(places.length).toBe(8);
    const stuck = places.map((place) => place.run(() => gate));
    // Full: the next sign-up is refused at once rather than queued.
    expect(holdSignUpHash()).toBeNull();

    // With a shared queue this would wait for the gate, which only opens after it: the test would time out.
    await expect(verifyPassword(stored, "correct horse battery")).resolves.toBe(true);
    await expect(verifyPassword(stored, "wrong")).resolves.toBe(false);

    unblock();
    await Promise.all(stuck);
    // Every place is given back when its work ends.
    const again = holdSignUpHash();
    expect(again).not.toBeNull();
    const hash = await again!.hash("another passphrase");
    await expect(verifyPassword(hash, "another passphrase")).resolves.toBe(true);
  });

  it("starts a sign-up hash only once the sign-in running beside it is done", { timeout: 60_000 }, async () => {
    // A stored hash that takes five times the default to verify (its parameters are in it), against a sign-up
    // hash of a tenth of that: on its own, the sign-up would end long before the sign-in.
    const slow = await argon2.hash("a slow one", { type: argon2.argon2id, memoryCost: 2 ** 16, timeCost: 15 });
    const ended: string[] = [];
    const signIn = verifyPassword(slow, "a slow one").then((ok) => ended.push(`sign-in ${ok}`));
    const place = holdSignUpHash()!;
    const signUp = place.hash("a new account's passphrase").then(() => ended.push("sign-up"));
    await Promise.all([signIn, signUp]);
    expect(ended).toEqual(["sign-in true", "sign-up"]);
  });

  it("gives back a place that was held but not used", () => {
    const held = [];
    for (let place = holdSignUpHash(); place; place = holdSignUpHash()) held.push(place);
    expect(held.length).toBe(8);
    held[0].release();
    held[0].release();
    const one = holdSignUpHash();
    expect(one).not.toBeNull();
    expect(holdSignUpHash()).toBeNull();
    for (const place of [one!, ...held]) place.release();
  });
});
