/**
 * The only module that reads process.env. Every variable is validated here; a bad value stops
 * start-up with a message naming the variable.
 */
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1");

/** TRUST_PROXY: how many reverse proxies in front of the server append to X-Forwarded-For. */
const proxyHops = z
  .string()
  .regex(/^(true|false|\d{1,2})$/, "must be true, false or the number of proxies in front of the server")
  .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v)));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("127.0.0.1"),
    PORT: z.coerce
      .number({ message: "must be a whole number from 0 to 65535" })
      .int("must be a whole number from 0 to 65535")
      .min(0, "must be a whole number from 0 to 65535")
      .max(65535, "must be a whole number from 0 to 65535")
      .default(3000),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, message: "must be a postgres:// or postgresql:// URL" })
      .optional(),
    /** The public address of the site, used in mailed links and to refuse foreign origins. */
    APP_ORIGIN: z.url({ message: "must be a URL such as https://flashcards.example" }).optional(),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, message: "must be an smtp:// or smtps:// URL" }).optional(),
    MAIL_FROM: z.string().min(3).default("Flashcards <no-reply@localhost>"),
    SEED_DEMO: booleanFlag.default(true),
    /**
     * /dev/outbox (every kept mail, reset links included). Unset: only outside production, only
     * while listening on a loopback address, and only to requests from this machine.
     */
    OUTBOX: booleanFlag.optional(),
    /**
     * Behind reverse proxies: take the client's address from X-Forwarded-For, counting this many
     * entries from the right (the ones the proxies appended; the client writes the rest).
     */
    TRUST_PROXY: proxyHops.default(0),
    /**
     * Whether this process fits learners' memory models in the background after their answers
     * (decision 0046). false: only when a learner asks ("Optimise now"); the benchmarks set it so a
     * flood of fits does not share their measurements.
     */
    OPTIMISE_MEMORY_MODELS: booleanFlag.default(true),
    /** Seconds a stop (SIGTERM, Ctrl-C) waits for in-flight requests before closing their connections. */
    SHUTDOWN_TIMEOUT: z.coerce
      .number({ message: "must be a whole number of seconds from 1 to 600" })
      .int("must be a whole number of seconds from 1 to 600")
      .min(1, "must be a whole number of seconds from 1 to 600")
      .max(600, "must be a whole number of seconds from 1 to 600")
      .default(25),
  })
  .superRefine((env, ctx) => {
    // A generated secret lives in one DATA_DIR; processes sharing PostgreSQL must share the secret.
    if (env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message:
          "must be set when DATABASE_URL is set, to the same value in every server process " +
          "(make one with: openssl rand -base64 32)",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

/** Empty strings count as unset, as in most shells' `VAR= command`. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}
