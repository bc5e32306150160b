/** One real server (the production bundle, a fresh data folder, demo content) for the whole browser run. */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { BUNDLE_ENTRY, startServer } from "../harness/server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export default async function setup(project: TestProject) {
  // What `npm start` runs: the built client and the server bundle with its worker threads' files
  // beside it, built here when missing or stale (a worker that loaded from the sources but not from
  // the bundle once answered every import 503).
  execFileSync(process.execPath, ["scripts/build.mjs", "--if-stale"], {
    cwd: join(import.meta.dirname, ".."),
    stdio: "inherit",
  });
  // One proxy trusted, as in a deployment behind one: API fixtures arrive from addresses of their
  // own (harness/fixtures.ts); the browser, which sends no X-Forwarded-For, stays 127.0.0.1.
  const server = await startServer({ TRUST_PROXY: "1" }, BUNDLE_ENTRY);
  project.provide("baseURL", server.url);
  return async () => {
    await server.stop();
  };
}
