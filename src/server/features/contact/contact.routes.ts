import type { AppEnv } from "@server/http/app-env";
import { signedIn } from "@server/http/session";
import { validate } from "@server/http/validate";
import { contactInput } from "@shared/schemas/contact";
import { Hono } from "hono";
import { submitContact } from "./contact.service";

export const contactRoutes = new Hono<AppEnv>().post("/", signedIn, validate("json", contactInput), async (c) =>
  c.json(await submitContact(c.var.db, c.var.user.id, c.req.valid("json").message), 201),
);
