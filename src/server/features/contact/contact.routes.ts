import { Hono } from "hono";
import { contactInput } from "../../../shared/schemas/contact";
import type { AppEnv } from "../../http/app-env";
import { signedIn } from "../../http/session";
import { validate } from "../../http/validate";
import { submitContact } from "./contact.service";

export const contactRoutes = new Hono<AppEnv>().post("/", signedIn, validate("json", contactInput), async (c) =>
  c.json(await submitContact(c.var.db, c.var.user.id, c.req.valid("json").message), 201),
);
