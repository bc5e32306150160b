/**
 * The Hono application: the JSON API under /api and, when a built client is given, the web app
 * for every other path (index.html for client routes). Built per process, with no global state.
 */
import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { createAuth } from "./auth";
import type { AppConfig } from "./config";
import { isDatabaseUnavailable } from "./db/availability";
import type { Database } from "./db/client";
import { authRoutes, profileRoutes } from "./features/accounts/accounts.routes";
import { contactRoutes } from "./features/contact/contact.routes";
import { coursesRoutes } from "./features/courses/courses.routes";
import { decksRoutes } from "./features/decks/decks.routes";
import { exportsRoutes } from "./features/exports/exports.routes";
import { createExportRuntime, type ExportRuntime } from "./features/exports/exports.service";
import { followsRoutes } from "./features/follows/follows.routes";
import { healthRoutes } from "./features/health/health.routes";
import { importsRoutes } from "./features/imports/imports.routes";
import { memoryModelRoutes } from "./features/memory-model/memory-model.routes";
import { Optimiser } from "./features/memory-model/optimiser";
import { myCoursesRoutes } from "./features/my-courses/my-courses.routes";
import { outboxRoutes } from "./features/outbox/outbox.routes";
import { progressRoutes } from "./features/progress/progress.routes";
import { readingsRoutes } from "./features/readings/readings.routes";
import { reviewsRoutes } from "./features/reviews/reviews.routes";
import { searchRoutes } from "./features/search/search.routes";
import { statsRoutes } from "./features/stats/stats.routes";
import type { AppEnv } from "./http/app-env";
import { personalReads } from "./http/cache";
import { compression } from "./http/compression";
import { codeForStatus, databaseAwayResponse, errorResponse, HttpError } from "./http/errors";
import { originGuard } from "./http/origin-guard";
import { requestGuard } from "./http/request-guard";
import { englishText } from "./i18n";
import type { Mailer } from "./mail";

/**
 * index.html's one inline script, which sets the colour scheme before the first paint (decision
 * 0032), allowed by its SHA-256 and nothing else inline; app.test.ts checks it matches the file.
 */
export const THEME_SCRIPT_HASH = "'sha256-WeFTGnm2QCDZZ4EgQrwRA/PCW+qYDIZE/RUrMrBnbCs='";

/**
 * Only our own files run: no foreign script and no inline script but the hashed one above, nothing
 * frames us. Inline styles stay allowed because React and the toast library set them at run time
 * (no script can come through them).
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // WebAssembly (sql.js reading Anki packages in the import worker) needs 'wasm-unsafe-eval'; it
  // allows compiling WebAssembly only, not eval of script text.
  scriptSrc: ["'self'", THEME_SCRIPT_HASH, "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** The product uses none of these device features; nothing embedded may either. */
const PERMISSIONS_POLICY = {
  camera: [],
  microphone: [],
  geolocation: [],
  payment: [],
  usb: [],
  serial: [],
  bluetooth: [],
  midi: [],
  magnetometer: [],
  gyroscope: [],
  accelerometer: [],
  displayCapture: [],
  browsingTopics: [],
};

export interface AppOptions {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  /** Folder of the built web client; omitted in API tests. */
  clientDir?: string;
  /** The export workers and cache; a default pool when omitted (tests pass a smaller one). */
  exports?: ExportRuntime;
  /** The memory-model optimiser (its queue and child process); one with the defaults when omitted. */
  optimiser?: Optimiser;
}

function createApi() {
  return new Hono<AppEnv>()
    .route("/health", healthRoutes)
    .route("/auth", authRoutes)
    .route("/profile", profileRoutes)
    .route("/courses", coursesRoutes)
    .route("/decks", decksRoutes)
    .route("/progress", progressRoutes)
    .route("/reviews", reviewsRoutes)
    .route("/stats/memory-model", memoryModelRoutes)
    .route("/stats", statsRoutes)
    .route("/me", myCoursesRoutes)
    .route("/follows", followsRoutes)
    .route("/search", searchRoutes)
    .route("/exports", exportsRoutes)
    .route("/contact", contactRoutes)
    .route("/imports", importsRoutes)
    .route("/readings", readingsRoutes);
}

/** The API's type, for the web client's typed RPC client. */
export type ApiType = ReturnType<typeof createApi>;

export function createApp({
  db,
  config,
  mailer,
  clientDir,
  exports = createExportRuntime(),
  optimiser = new Optimiser(db, config.clock),
}: AppOptions) {
  const app = new Hono<AppEnv>();
  const auth = createAuth({ db, config, mailer });

  app.use(compression);
  app.use(
    secureHeaders({
      crossOriginEmbedderPolicy: false,
      // HSTS is a promise that the site is served over https: only make it when that is true.
      strictTransportSecurity: config.origin.startsWith("https://") ? "max-age=31536000; includeSubDomains" : false,
      contentSecurityPolicy: CONTENT_SECURITY_POLICY,
      permissionsPolicy: PERMISSIONS_POLICY,
    }),
  );
  app.use("*", async (c, next) => {
    c.set("db", db);
    c.set("auth", auth);
    c.set("config", config);
    c.set("exports", exports);
    c.set("optimiser", optimiser);
    await next();
  });
  app.use("/api/*", originGuard(config.trustedOrigins));
  // Sign-in where a body is only for the signed-in, then the body's size, then its JSON (decision 0036).
  app.use("/api/*", requestGuard);
  // Replies that carry sessions or personal data must never sit in a shared or browser cache.
  for (const path of [
    "/api/auth/*",
    "/api/profile/*",
    "/api/me/*",
    "/api/reviews/*",
    "/api/stats/*",
    "/api/decks/:deckId/hard-cards",
  ])
    app.use(path, personalReads);

  app.route("/api", createApi());
  app.all("/api/*", (c) => errorResponse(c, "not_found", "No such API endpoint."));

  if (config.outbox !== "off") app.route("/dev/outbox", outboxRoutes(config.outbox));
  app.all("/dev/*", (c) => c.text("Not found", 404));

  if (clientDir) serveClient(app, clientDir);

  app.onError((err, c) => {
    if (err instanceof HttpError) return errorResponse(c, err.code, err.message, { issues: err.issues });
    // Hono's own refusals (a malformed JSON body reaching a validator, for instance): its texts are
    // terse and vary, so the reply says the code's sentence.
    if (err instanceof HTTPException && err.status < 500) {
      const code = codeForStatus(err.status);
      return errorResponse(c, code, englishText(`errors.${code}`) ?? "The request was not valid.");
    }
    if (isDatabaseUnavailable(err)) return databaseAwayResponse(c);
    console.error(err);
    return errorResponse(c, "internal", "An unexpected error occurred. Please try again.");
  });

  return app;
}

function serveClient(app: Hono<AppEnv>, clientDir: string) {
  const indexFile = join(clientDir, "index.html");
  if (!existsSync(indexFile)) throw new Error(`The web client is not built: ${indexFile} is missing.`);
  // serveStatic resolves its root against the working directory.
  const root = relative(process.cwd(), clientDir) || ".";

  // Hashed file names never change content: cache them for a year. A missing asset is a 404,
  // not the app's HTML (a stale tab asking for an old chunk must fail clearly). The build writes
  // a .br and a .gz beside each text asset (vite.config.ts); they go to browsers that accept them.
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  app.use("/assets/*", serveStatic({ root, precompressed: true }));
  app.get("/assets/*", (c) => c.text("Not found", 404));
  // Files from src/client/public: at the top level, and in its folders (the manifest's icons). A
  // missing file in a folder is a 404, not the app's HTML with a 200 (an install would take it).
  app.get("/:file{[^/]+\\.[a-z0-9]+}", serveStatic({ root }));
  const publicFolders = readdirSync(clientDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "assets")
    .map((entry) => entry.name);
  for (const folder of publicFolders) {
    app.get(`/${folder}/*`, serveStatic({ root }));
    app.get(`/${folder}/*`, (c) => c.text("Not found", 404));
  }

  let indexHtml: string | undefined;
  app.get("*", async (c) => {
    indexHtml ??= await readFile(indexFile, "utf8");
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
}
