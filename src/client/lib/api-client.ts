/** The typed API client (Hono RPC); replies go through unwrap() in api.ts. */
import { hc } from "hono/client";
import type { ApiType } from "../../server/app";

export const api = hc<ApiType>("/api");
