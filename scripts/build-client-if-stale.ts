/**
 * `npm start` runs this first: it builds the web client when dist/client is missing or older than
 * any file it is built from, so a fresh clone needs no separate build step.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";

const root = join(import.meta.dirname, "..");
const builtIndex = join(root, "dist/client/index.html");
const inputs = ["src/client", "src/shared", "vite.config.ts", "package-lock.json"].map((p) => join(root, p));

function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestModification(join(path, name))));
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const changedAt = Math.max(...inputs.map(newestModification));

if (builtAt > changedAt) {
  console.log("Web client is up to date.");
} else {
  console.log(builtAt ? "Web client sources changed: rebuilding." : "Building the web client (first start).");
  await build({ configFile: join(root, "vite.config.ts"), logLevel: "warn" });
  console.log("Web client built.");
}
