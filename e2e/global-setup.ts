/** One real server (fresh data folder, demo content) for the whole browser run. */
import type { TestProject } from "vitest/node";
import { startServer } from "../harness/server";
import { ensureClientBuild } from "../scripts/client-build";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export default async function setup(project: TestProject) {
  await ensureClientBuild();
  // One proxy trusted, as in a deployment behind one: API fixtures arrive from addresses of their
  // own (harness/fixtures.ts); the browser, which sends no X-Forwarded-For, stays 127.0.0.1.
  const server = await startServer({ TRUST_PROXY: "1" });
  project.provide("baseURL", server.url);
  return async () => {
    await server.stop();
  };
}
