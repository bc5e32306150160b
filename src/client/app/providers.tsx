import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, Suspense, useState } from "react";
import { lazyComponent } from "../lib/lazy";
import { useToasterWanted } from "../lib/notify";
import { createQueryClient } from "../lib/query-client";

const AppToaster = lazyComponent(() => import("./toaster").then((m) => m.AppToaster));

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastHost />
    </QueryClientProvider>
  );
}

/** Mounts the toaster with the first notification (see lib/notify.ts). */
function ToastHost() {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
