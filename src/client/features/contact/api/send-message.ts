import { unwrap } from "@client/lib/api";
import { api } from "@client/lib/api-client";
import type { contactInput } from "@shared/schemas/contact";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";

/** Sends the contact form's message (already checked against the shared schema). */
export function useSendMessage() {
  return useMutation({
    mutationFn: (input: z.output<typeof contactInput>) => unwrap(api.contact.$post({ json: input })),
  });
}
