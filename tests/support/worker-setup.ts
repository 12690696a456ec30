// Domain code under test talks to the same fresh database as the app under test.
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
const baseUrl = inject("baseUrl");
if (baseUrl) process.env.APP_URL = baseUrl;
process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS ??= "true";
