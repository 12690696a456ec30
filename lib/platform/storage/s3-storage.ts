import "server-only";
import { lazy } from "@/lib/platform/lazy";
import { assertValidKey, contentDisposition, type ObjectStorage } from "@/lib/platform/storage/object-storage";
import { isRecord } from "@/lib/platform/narrow";

export type S3StorageOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
};

// SigV4 presigned URLs cannot outlive seven days.
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

// The AWS SDK is loaded on the first storage call, never by a server that stores locally
// (docs/operations.md#memory).
const loadSdk = lazy(async () => ({
  ...(await import("@aws-sdk/client-s3")),
  ...(await import("@aws-sdk/s3-request-presigner")),
}));

export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const connect = lazy(async () => {
    const sdk = await loadSdk();
    const client = new sdk.S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Only checksum when the API demands it: S3-compatible stores (MinIO, R2, s3rver) differ
      // in their support for the newer default integrity headers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    return { sdk, client };
  });
  const Bucket = options.bucket;

  return {
    driver: "s3",
    async put(key, body, contentType) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      // A single PUT is atomic in S3: the object appears whole or not at all.
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (isRecord(error) && error.name === "NoSuchKey")) return null;
        throw error;
      }
    },
    async exists(key) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        const status = isRecord(error) && isRecord(error.$metadata) ? error.$metadata.httpStatusCode : undefined;
        if (error instanceof sdk.NotFound || status === 404) return false;
        throw error;
      }
    },
    async delete(key) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async signedUrl(key, opts) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      const command = new sdk.GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: opts.contentType,
        ResponseContentDisposition: contentDisposition(opts.disposition, opts.filename),
      });
      return sdk.getSignedUrl(client, command, { expiresIn: Math.min(opts.expiresInSeconds, MAX_PRESIGN_SECONDS) });
    },
  };
}
