/** `npm start` runs this first, so a fresh clone needs no separate build step. */
import { ensureClientBuild } from "./client-build";

await ensureClientBuild();
