/**
 * Start-up: read the environment, open and migrate the database, load the demo content, serve.
 * Ctrl-C (SIGINT) or SIGTERM finishes in-flight requests, closes the database and exits.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { resolveConfig } from "./config";
import { openDatabase } from "./db/client";
import { seedDemo } from "./db/seed-demo";
import { EnvError, loadEnv } from "./env";
import { createMailer } from "./mail";

const SHUTDOWN_GRACE_MS = 3000;
const clientDir = fileURLToPath(new URL("../../dist/client", import.meta.url));

async function main() {
  const env = loadEnv();
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(resolve(env.DATA_DIR), "pglite") },
  );
  await database.migrate();
  if (env.SEED_DEMO && (await seedDemo(database.db))) console.log("Loaded the demo courses.");

  // `npm start` builds the client first; under `npm run dev` Vite serves it instead.
  const hasClient = existsSync(join(clientDir, "index.html"));
  if (!hasClient) console.warn("The web client is not built: serving the API only (npm run build builds it).");
  const config = await resolveConfig(env);
  const mailer = createMailer({ db: database.db, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  const app = createApp({ db: database.db, config, mailer, clientDir: hasClient ? clientDir : undefined });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const where = database.kind === "pglite" ? `PGlite in ${resolve(env.DATA_DIR)}` : "PostgreSQL";
    console.log(`Listening on http://${env.HOST}:${info.port} (database: ${where}; public address ${config.origin})`);
    if (!env.SMTP_URL && !config.production) console.log(`Mail is kept in the outbox: ${config.origin}/dev/outbox`);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests and closing the database.`);
    // Idle keep-alive sockets would hold close() open; in-flight requests get a grace period.
    const force = setTimeout(() => "closeAllConnections" in server && server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    if ("closeIdleConnections" in server) server.closeIdleConnections();
    await new Promise<void>((done) => server.close(() => done()));
    clearTimeout(force);
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error("The server could not start:", error);
  }
  process.exit(1);
});
