/**
 * Start-up: read the environment, open and migrate the database, load the demo content, serve.
 * Ctrl-C (SIGINT) or SIGTERM stops accepting connections, finishes the requests in flight (up to
 * SHUTDOWN_TIMEOUT seconds), closes the database and exits.
 */
import { existsSync } from "node:fs";
import type { Server, ServerResponse } from "node:http";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createAdaptorServer } from "@hono/node-server";
import { createApp } from "./app";
import { resolveConfig } from "./config";
import { dataDirStartupError, StartupError } from "./db/availability";
import { openDatabase } from "./db/client";
import { initialDataFolder } from "./db/initial-data";
import { seedDemo } from "./db/seed-demo";
import { type Env, EnvError, loadEnv } from "./env";
import { eventLoopDelay } from "./event-loop-delay";
import { Optimiser } from "./features/memory-model/optimiser";
import { createMailer } from "./mail";

const clientDir = fileURLToPath(new URL("../../dist/client", import.meta.url));

async function main() {
  const env = loadEnv();
  const dataDir = resolve(env.DATA_DIR);
  const database = await openDatabase(
    env.DATABASE_URL
      ? { url: env.DATABASE_URL }
      : // A new data folder starts as a copy of a prepared, migrated database (initial-data.ts).
        { dataDir: join(dataDir, "pglite"), initialData: () => initialDataFolder() },
  );
  try {
    // Several processes starting together on one PostgreSQL database: one migrates and seeds.
    await database.exclusively(async () => {
      await database.migrate();
      if (env.SEED_DEMO && (await seedDemo(database.db))) console.log("Loaded the demo courses.");
    });
  } catch (error) {
    // A full disk shows up while PGlite writes the migrations or the demo content.
    const explained = database.kind === "pglite" ? await dataDirStartupError(error, dataDir) : undefined;
    throw explained ?? error;
  }

  // `npm start` builds the client first; under `npm run dev` Vite serves it instead.
  const hasClient = existsSync(join(clientDir, "index.html"));
  if (!hasClient) console.warn("The web client is not built: serving the API only (npm run build builds it).");
  // A line in the log when the event loop stalls (also on GET /api/health).
  eventLoopDelay((line) => console.warn(line));
  const config = await resolveConfig(env);
  const mailer = createMailer({ db: database.db, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  const optimiser = new Optimiser(database.db, config.clock, { automatic: env.OPTIMISE_MEMORY_MODELS });
  const app = createApp({ db: database.db, config, mailer, optimiser, clientDir: hasClient ? clientDir : undefined });
  // Without options.createServer this is node:http's Server.
  const server = createAdaptorServer({ fetch: app.fetch, hostname: env.HOST }) as Server;
  // A fit under way is dropped (its learner keeps what they had; a later run redoes it).
  const stopper = gracefulStop(server, env, async () => {
    await optimiser.close();
    await database.close();
  });

  await listen(server, env);
  const where = database.kind === "pglite" ? `PGlite in ${dataDir}` : "PostgreSQL";
  console.log(`Listening on http://${env.HOST}:${env.PORT} (database: ${where}; public address ${config.origin})`);
  if (!env.SMTP_URL) {
    const where =
      config.outbox === "off"
        ? "the outbox page is off (it is served only on a loopback HOST, or with OUTBOX=true); links are printed here"
        : `${config.origin}/dev/outbox${config.outbox === "loopback" ? " (from this machine only)" : " (OUTBOX=true: open to anyone who can reach the server)"}`;
    console.log(`Mail is kept in the outbox: ${where}`);
  }
  process.on("SIGINT", () => void stopper("SIGINT"));
  process.on("SIGTERM", () => void stopper("SIGTERM"));
}

function listen(server: Server, env: Env): Promise<void> {
  return new Promise((done, fail) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      const where = `${env.HOST}:${env.PORT}`;
      if (error.code === "EADDRINUSE") {
        fail(
          new StartupError(`Port ${where} is already in use: stop the program using it, or set PORT to another port.`),
        );
      } else if (error.code === "EACCES") {
        fail(new StartupError(`Not allowed to listen on ${where}: use a PORT above 1023, or run behind a proxy.`));
      } else if (error.code === "EADDRNOTAVAIL") {
        fail(new StartupError(`This machine has no address ${env.HOST}: set HOST to one of its addresses or 0.0.0.0.`));
      } else {
        fail(error);
      }
    });
    server.listen(env.PORT, env.HOST, () => done());
  });
}

/**
 * The stop an orchestrator expects: no new connections, every response from now on says
 * `Connection: close` (a keep-alive client would otherwise keep sending requests), the requests in
 * flight finish, then the database closes. SHUTDOWN_TIMEOUT bounds the wait for stuck clients.
 */
function gracefulStop(server: Server, env: Env, closeDatabase: () => Promise<void>) {
  const inFlight = new Set<ServerResponse>();
  let stopping = false;

  // Before the app's listener, so the header is in place before any response is written.
  server.prependListener("request", (_request, response: ServerResponse) => {
    if (stopping) response.setHeader("Connection", "close");
    inFlight.add(response);
    response.once("close", () => inFlight.delete(response));
  });

  return async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(
      `${signal} received: accepting no new connections, finishing ${inFlight.size} request(s) in flight ` +
        `(at most ${env.SHUTDOWN_TIMEOUT} s), then closing the database.`,
    );
    for (const response of inFlight) {
      if (!response.headersSent) response.setHeader("Connection", "close");
      // A response already under way keeps its connection: closed as soon as it falls idle.
      else response.once("finish", () => setImmediate(() => server.closeIdleConnections()));
    }
    const closed = new Promise<void>((done) => server.close(() => done()));
    server.closeIdleConnections();
    const force = setTimeout(() => {
      console.warn(
        `${inFlight.size} request(s) still unfinished after ${env.SHUTDOWN_TIMEOUT} s (SHUTDOWN_TIMEOUT): closing their connections.`,
      );
      server.closeAllConnections();
    }, env.SHUTDOWN_TIMEOUT * 1000);
    await closed;
    clearTimeout(force);
    try {
      await closeDatabase();
    } catch (error) {
      console.error("Closing the database failed:", error);
      process.exit(1);
    }
    console.log("Stopped.");
    process.exit(0);
  };
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof StartupError) {
    console.error(`The server could not start: ${error.message}`);
  } else {
    console.error("The server could not start:", error);
  }
  process.exit(1);
});
