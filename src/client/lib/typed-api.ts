/**
 * The typed API client for queries the first script starts (route loaders): the queries are
 * there, the client (a few kilobytes) arrives on first use, in parallel with the screen's code.
 */
export const typedApi = () => import("./api-client").then((module) => module.api);
