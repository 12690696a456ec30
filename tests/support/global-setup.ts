import type { TestProject } from "vitest/node";
import { extraCaBundleWithTestCa } from "./test-ca";
import { startTestStack } from "./test-stack";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    caCertPath: string;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startTestStack();
  project.provide("baseUrl", stack.baseUrl);
  project.provide("databaseUrl", stack.databaseUrl);
  project.provide("caCertPath", stack.caCertPath);
  // Test workers are forked after this runs and read NODE_EXTRA_CA_CERTS at start-up, so domain
  // code under test (e.g. manual webhook redelivery) trusts the test CA just like the app does.
  process.env.NODE_EXTRA_CA_CERTS = extraCaBundleWithTestCa(stack.caCertPath, process.env.NODE_EXTRA_CA_CERTS);
  return () => stack.stop();
}
