/**
 * Which way imports may point: the one place that says it (decision 0043). `npm run lint` runs it
 * after Biome (`depcruise src bench harness e2e scripts`); any rule broken fails the run.
 *
 *   src/shared              used by both sides; imports neither
 *   src/server              never imports the client
 *   src/client, from the bottom up (each imports only what is below it):
 *     lib/                  no app state: the API client, i18n, language, theme, small hooks
 *     core/                 what almost every feature needs, itself in order: cache < session < offline
 *     components/           UI pieces several features show (may read core)
 *     features/<noun>/      one slice each; another feature only along FEATURES, through its api/ or components/
 *     app/                  the frame, the router, and pages composed of several features
 *
 * No circles at all, file by file, type-only imports included (tsPreCompilationDeps): a type-only
 * circle still ties two files together.
 */
import { readdirSync } from "node:fs";

/** src/client's layers from the bottom up. */
const CLIENT_LAYERS = ["lib", "core", "components", "features", "app"];

/** core/'s parts from the bottom up: the query cache's keys, who is signed in, the offline data. */
const CORE = ["cache", "session", "offline"];

/**
 * Every feature, from the bottom up, with the lower features it may use (their api/ and
 * components/). A feature must be declared after those it uses, so the graph reads one way; a new
 * feature folder must be added here (using none, unless it needs to).
 */
const FEATURES = {
  accounts: [],
  contact: [],
  exports: [],
  follows: [],
  landing: [],
  offline: [],
  search: [],
  "hard-cards": [],
  reviews: ["hard-cards"],
  decks: ["reviews", "hard-cards"],
  courses: ["decks"],
  home: ["reviews"],
  imports: ["courses"],
  stats: ["courses", "hard-cards"],
  study: ["decks", "reviews"],
};

const declared = Object.keys(FEATURES);
for (const [feature, uses] of Object.entries(FEATURES)) {
  for (const used of uses) {
    if (!declared.slice(0, declared.indexOf(feature)).includes(used)) {
      throw new Error(`.dependency-cruiser.mjs: ${feature} uses ${used}, which is not declared below it in FEATURES`);
    }
  }
}
for (const folder of readdirSync(new URL("src/client/features", import.meta.url))) {
  if (!(folder in FEATURES)) throw new Error(`.dependency-cruiser.mjs: declare the feature "${folder}" in FEATURES`);
}

const client = (folder) => `^src/client/${folder}/`;
const anyOf = (folders) => `^src/client/(?:${folders.join("|")})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "Files import each other in a circle (type-only imports count): move the piece both need to where both can import it.",
      from: {},
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import that cannot be resolved: the checks below would not see where it points.",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "shared-imports-neither-side",
      severity: "error",
      comment: "src/shared is used by the server and the client alike: it imports from neither.",
      from: { path: "^src/shared/" },
      to: { path: "^src/(?:server|client)/" },
    },
    {
      name: "server-not-client",
      severity: "error",
      comment: "The server does not import the web client.",
      from: { path: "^src/server/" },
      to: { path: "^src/client/" },
    },
    {
      name: "client-only-the-api-type",
      severity: "error",
      comment: "The web client imports from the server only the API's type (import type { ApiType } from @server/app).",
      from: { path: "^src/client/" },
      to: { path: "^src/server/", pathNot: "^src/server/app\\.ts$" },
    },
    {
      name: "client-only-the-api-type",
      severity: "error",
      comment: "The web client imports from the server only the API's type (import type { ApiType } from @server/app).",
      from: { path: "^src/client/" },
      to: { path: "^src/server/app\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    ...CLIENT_LAYERS.slice(0, -1).map((layer, index) => ({
      name: "client-layers",
      severity: "error",
      comment: `src/client/${layer}/ sits below ${CLIENT_LAYERS.slice(index + 1).join(", ")}: it imports none of them (decision 0043).`,
      from: { path: client(layer) },
      to: { path: anyOf(CLIENT_LAYERS.slice(index + 1)) },
    })),
    ...CORE.slice(0, -1).map((part, index) => ({
      name: "core-order",
      severity: "error",
      comment: `core/${part} sits below core/${CORE.slice(index + 1).join(", core/")}: it imports none of them.`,
      from: { path: client(`core/${part}`) },
      to: { path: anyOf(CORE.slice(index + 1).map((later) => `core/${later}`)) },
    })),
    ...Object.entries(FEATURES).map(([feature, uses]) => ({
      name: "feature-uses-declared",
      severity: "error",
      comment: `features/${feature} may use ${uses.length ? `only ${uses.join(", ")}` : "no other feature"} (FEATURES in .dependency-cruiser.mjs): compose pages of several features in app/, or move what both need to core/ or components/.`,
      from: { path: client(`features/${feature}`) },
      to: { path: client("features/[^/]+"), pathNot: anyOf([feature, ...uses].map((used) => `features/${used}`)) },
    })),
    {
      name: "feature-entrances",
      severity: "error",
      comment:
        "A feature uses another through its api/ and components/, not its lib/, routes/ or other files (the app may import routes).",
      from: { path: "^src/client/features/([^/]+)/" },
      to: {
        path: client("features/[^/]+"),
        pathNot: ["^src/client/features/$1/", client("features/[^/]+/(?:api|components)")],
      },
    },
    {
      name: "bench-not-e2e",
      severity: "error",
      comment: "Benchmarks and the harness they share with the browser tests do not depend on the browser tests' code.",
      from: { path: "^(?:bench|harness)/" },
      to: { path: "^e2e/" },
    },
  ],
  options: {
    // Type-only imports and imports of types are dependencies too.
    tsPreCompilationDeps: true,
    // The aliases @shared, @server, @client (decision 0023).
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    moduleSystems: ["es6", "cjs"],
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
