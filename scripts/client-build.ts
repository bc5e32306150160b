import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const builtIndex = join(root, "dist/client/index.html");
// The same inputs as scripts/build.mjs (clientInputs), which `npm start` and `npm run build` use.
const inputs = ["src/client", "src/shared", "vite.config.ts", "package-lock.json"].map((p) => join(root, p));

function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestModification(join(path, name))));
}

/** Builds the web client when dist/client is missing or older than any file it is built from. */
export async function ensureClientBuild(): Promise<void> {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  if (builtAt > Math.max(...inputs.map(newestModification))) {
    console.log("Web client is up to date.");
    return;
  }
  console.log(builtAt ? "Web client sources changed: rebuilding." : "Building the web client (first start).");
  // vite.config.ts sets NODE_ENV=production for the build; the calling process (a test runner) keeps its own.
  const nodeEnv = process.env.NODE_ENV;
  try {
    // Imported only to build: loading Vite costs about a second.
    const { build } = await import("vite");
    await build({ configFile: join(root, "vite.config.ts"), logLevel: "warn" });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  console.log("Web client built.");
}
