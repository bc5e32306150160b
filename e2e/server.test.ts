/** The server as an operator runs it: start-up checks and a clean stop. */
import { describe, expect, it } from "vitest";
import { spawnServer, startServer } from "../harness/server";

describe("server process", () => {
  it("stops cleanly within 5 s of Ctrl-C (SIGINT)", async () => {
    const server = await startServer({ SEED_DEMO: "false" });
    const started = Date.now();
    const code = await server.stop("SIGINT");
    expect(Date.now() - started).toBeLessThan(5000);
    expect(code).toBe(0);
    expect(server.output()).toContain("closing the database");
  });

  it("refuses to start with a bad setting, naming the variable", async () => {
    const child = spawnServer({ PORT: "not-a-port" });
    let output = "";
    child.stderr?.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("PORT: must be a whole number from 0 to 65535");
  });
});
