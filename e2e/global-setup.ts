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
  const server = await startServer();
  project.provide("baseURL", server.url);
  return async () => {
    await server.stop();
  };
}
