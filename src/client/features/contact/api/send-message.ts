import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { contactInput } from "../../../../shared/schemas/contact";
import { unwrap } from "../../../lib/api";
import { api } from "../../../lib/api-client";

/** Sends the contact form's message (already checked against the shared schema). */
export function useSendMessage() {
  return useMutation({
    mutationFn: (input: z.output<typeof contactInput>) => unwrap(api.contact.$post({ json: input })),
  });
}
