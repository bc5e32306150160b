/**
 * `npm run dev`: the API server with reload on change, and Vite with hot module replacement
 * (open http://127.0.0.1:5173; Vite forwards /api to the server). Ctrl-C stops both.
 */
import { type ChildProcess, spawn } from "node:child_process";

const children: ChildProcess[] = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/index.ts"], { stdio: "inherit" }),
  spawn("npx", ["vite", "--host", "127.0.0.1"], { stdio: "inherit" }),
];

const stopAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGINT");
};
process.on("SIGINT", stopAll);
process.on("SIGTERM", stopAll);
for (const child of children) child.on("exit", stopAll);
