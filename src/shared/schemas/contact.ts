import { z } from "zod";
import { storableText } from "./text";

export const CONTACT_MESSAGE_MAX = 2000;

export const contactInput = z.object({
  message: storableText()
    .trim()
    .min(1, "validation.contact_message_required")
    .max(CONTACT_MESSAGE_MAX, "validation.contact_message_too_long"),
});
