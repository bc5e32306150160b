/**
 * The benchmark's yardstick: the least a server can do for the same pages. node:http and a `pg`
 * pool of the same size as the app's, one named prepared statement per request (the very statement
 * text the app runs), the JSON text PostgreSQL builds sent as it is. No framework, no middleware,
 * no validation, no security headers.
 *
 * Env: DATABASE_URL, PORT. Prints "ready" when it listens.
 */
import { createServer } from "node:http";
import { COURSE_DETAIL, MOST_FOLLOWED } from "@server/features/courses/courses.service";
import { DECK_DETAIL } from "@server/features/decks/decks.service";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

async function one(statement: { name: string; text: string }, values: unknown[]): Promise<string | undefined> {
  const { rows } = await pool.query({ name: statement.name, text: statement.text, values });
  return rows[0]?.body as string | undefined;
}

const server = createServer(async (req, res) => {
  try {
    const url = req.url ?? "/";
    let body: string | undefined;
    if (url === "/api/courses/most-followed") body = await one(MOST_FOLLOWED, []);
    else if (url.startsWith("/api/courses/")) body = await one(COURSE_DETAIL, [Number(url.slice(13)), null]);
    else if (url.startsWith("/api/decks/")) body = await one(DECK_DETAIL, [Number(url.slice(11))]);
    if (body === undefined) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(body);
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});

server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
const stop = () => server.close(() => void pool.end().then(() => process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
