import "server-only";
import { db, type Tx } from "@/lib/db";
import { listenForNotifications, type ListenOptions } from "@/lib/db/listen";

// Every process that remembers API keys (lib/keys/recent-api-keys.ts) listens here; the payload
// is the changed key's hash (a SHA-256 digest, not the key: nothing secret goes over the channel).
const API_KEY_CHANGES_CHANNEL = "api_key_changes";

/**
 * Tells every process that these keys changed (revoked, rolled, expired). Inside a transaction
 * the notification is sent when it commits, so no process hears of a change before it is visible.
 */
export async function notifyApiKeysChanged(keyHashes: string[], client: Tx | typeof db = db): Promise<void> {
  for (const keyHash of keyHashes) {
    await client.$executeRaw`SELECT pg_notify(${API_KEY_CHANGES_CHANNEL}, ${keyHash})`;
  }
}

/** Calls `onChange` with the hash of each key changed in any process (see ListenOptions). */
export function listenForApiKeyChanges(onChange: (keyHash: string | undefined) => void, options: ListenOptions) {
  return listenForNotifications(API_KEY_CHANGES_CHANNEL, onChange, options);
}
