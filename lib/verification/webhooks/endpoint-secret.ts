import "server-only";
import { decryptSecret, encryptSecret } from "@/lib/platform/crypto/secret-box";
import { randomBase62 } from "@/lib/platform/ids";

const PURPOSE = "webhook-endpoint-secret";

/** `whsec_` plus 32 base62 characters (~190 bits). */
export function generateEndpointSecret(): string {
  return `whsec_${randomBase62(32)}`;
}

/** Encrypted at rest, bound to its endpoint id. */
export function sealEndpointSecret(endpointId: string, secret: string): string {
  return encryptSecret(secret, PURPOSE, endpointId);
}

export function openEndpointSecret(endpointId: string, secretEncrypted: string): string {
  return decryptSecret(secretEncrypted, PURPOSE, endpointId);
}
