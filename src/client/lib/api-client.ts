/** The typed API client (Hono RPC); replies go through unwrap() in api.ts. */

import type { ApiType } from "@server/app";
import { hc } from "hono/client";

export const api = hc<ApiType>("/api");
