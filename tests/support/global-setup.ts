import type { TestProject } from "vitest/node";
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
  return () => stack.stop();
}
