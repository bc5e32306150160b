/**
 * The only module that reads process.env. Every variable is validated here; a bad value stops
 * start-up with a message naming the variable.
 */
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1");

const envSchema = z.object({
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
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (for rate limits). */
  TRUST_PROXY: booleanFlag.default(false),
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
