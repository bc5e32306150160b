/** The app's API endpoints as Hono lists them: one "METHOD /path" each, middleware left out. */
import type { createApp } from "../app";

export function apiEndpoints(app: ReturnType<typeof createApp>): string[] {
  const endpoints = app.routes
    .filter((route) => route.method !== "ALL" && route.path.startsWith("/api/"))
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(endpoints)].sort();
}

/** Fills `:name` segments of a route path from `params`. */
export function fillPath(path: string, params: object): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = (params as Record<string, unknown>)[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
}
