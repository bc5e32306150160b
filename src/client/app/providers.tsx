import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "sonner";
import { TOAST_MAX_VISIBLE } from "../../shared/limits";
import { createQueryClient } from "../lib/query-client";

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster visibleToasts={TOAST_MAX_VISIBLE} position="top-center" expand closeButton />
    </QueryClientProvider>
  );
}
