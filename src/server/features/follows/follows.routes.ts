import type { AppEnv } from "@server/http/app-env";
import { signedIn } from "@server/http/session";
import { validate } from "@server/http/validate";
import { courseIdParams } from "@shared/schemas/course";
import { Hono } from "hono";
import { follow, unfollow } from "./follows.service";

/** PUT /api/follows/:courseId follows, DELETE unfollows. */
export const followsRoutes = new Hono<AppEnv>()
  .put("/:courseId", signedIn, validate("param", courseIdParams), async (c) =>
    c.json(await follow(c.var.db, c.var.user.id, c.req.valid("param").courseId)),
  )
  .delete("/:courseId", signedIn, validate("param", courseIdParams), async (c) =>
    c.json(await unfollow(c.var.db, c.var.user.id, c.req.valid("param").courseId)),
  );
