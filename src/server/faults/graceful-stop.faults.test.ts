/**
 * Issue #9, item 16: on SIGTERM the server stops accepting, tells keep-alive clients to go
 * (`Connection: close`), lets the requests in flight finish, then exits; SHUTDOWN_TIMEOUT bounds
 * the wait for a client that never finishes, and the log says so.
 */

import { rm } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServer, tempDir, waitFor } from "./harness";

// One data folder for both tests: the second start opens the database the first created.
const dataDir = await tempDir("stop");
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop("SIGKILL")));
  await rm(dataDir, { recursive: true, force: true });
});

/** A raw HTTP/1.1 connection: the test decides when each byte is sent. */
function openConnection(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  let received = "";
  let ended = false;
  socket.on("data", (chunk) => (received += chunk));
  socket.on("close", () => (ended = true));
  socket.on("error", () => (ended = true));
  return {
    socket,
    received: () => received,
    ended: () => ended,
    send: (text: string) => new Promise<void>((done) => socket.write(text, () => done())),
    /** Waits until `count` complete responses (with Content-Length bodies) have arrived. */
    async responses(count: number) {
      return waitFor(`${count} response(s)`, () => {
        const parsed = parseResponses(received);
        return parsed.length >= count ? parsed : undefined;
      });
    },
  };
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parseResponses(text: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = text;
  for (;;) {
    const end = rest.indexOf("\r\n\r\n");
    if (end < 0) return responses;
    const [statusLine = "", ...lines] = rest.slice(0, end).split("\r\n");
    const status = Number(statusLine.split(" ")[1]);
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
    );
    const length = Number(headers["content-length"] ?? 0);
    if (rest.length < end + 4 + length) return responses;
    // "100 Continue" is an interim answer, not the response.
    if (status !== 100) responses.push({ status, headers, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
}

const body = JSON.stringify({ email: "nobody@example.test", password: "not-the-password-1" });
/** Headers of a sign-in whose body the test sends later; the 100 Continue shows the server has it in hand. */
const slowSignIn = [
  "POST /api/auth/sign-in/email HTTP/1.1",
  "Host: 127.0.0.1",
  "Content-Type: application/json",
  `Content-Length: ${body.length}`,
  "Expect: 100-continue",
  "",
  "",
].join("\r\n");
const health = "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

describe("graceful stop", () => {
  it("finishes a request in flight past 3 s, closes keep-alive connections and refuses new ones", async () => {
    const server = await startServer({ DATA_DIR: dataDir });
    servers.push(server);

    // A keep-alive connection that has been used, then a second request on it left unfinished.
    const busy = openConnection(server.port);
    await busy.send(health);
    const [first] = await busy.responses(1);
    expect(first?.status).toBe(200);
    expect(first?.headers.connection).toBe("keep-alive");
    await busy.send(slowSignIn);
    await waitFor("100 Continue", () => (busy.received().includes("100 Continue") ? true : undefined));
    // And an idle keep-alive connection.
    const idle = openConnection(server.port);
    await idle.send(health);
    await idle.responses(1);

    server.child.kill("SIGTERM");
    await waitFor("the stop to begin", () => (server.output().includes("SIGTERM received") ? true : undefined));
    await waitFor("the idle connection to be closed", () => (idle.ended() ? true : undefined));
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

    // The body trickles in for 4 s: longer than the old 3 s grace that reset such requests.
    for (const part of body.match(/.{1,10}/g) ?? []) {
      await new Promise((r) => setTimeout(r, 4000 / Math.ceil(body.length / 10)));
      await busy.send(part);
    }
    const [, answer] = await busy.responses(2);
    expect(answer?.status).toBeGreaterThanOrEqual(400);
    expect(answer?.status).toBeLessThan(500);
    expect(answer?.headers.connection).toBe("close");
    await waitFor("the server to close the busy connection", () => (busy.ended() ? true : undefined));

    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("finishing 1 request(s) in flight");
    expect(server.output()).toContain("Stopped.");
  });

  it("closes what is still open after SHUTDOWN_TIMEOUT, and says so", async () => {
    const server = await startServer({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT: "2" });
    servers.push(server);
    const stuck = openConnection(server.port);
    await stuck.send(slowSignIn);
    await waitFor("100 Continue", () => (stuck.received().includes("100 Continue") ? true : undefined));

    server.child.kill("SIGTERM");
    // The body never comes: only the timeout ends this request.
    expect(await waitFor("the server to exit", async () => server.exited, 60_000)).toBe(0);
    expect(server.output()).toContain(
      "1 request(s) still unfinished after 2 s (SHUTDOWN_TIMEOUT): closing their connections.",
    );
    await waitFor("the stuck connection to be closed", () => (stuck.ended() ? true : undefined));
    expect(server.output()).toContain("Stopped.");
  });
});
