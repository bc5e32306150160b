import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, Suspense } from "react";
import { lazyComponent } from "../lib/lazy";
import { useToasterWanted } from "../lib/notify";

const AppToaster = lazyComponent(() => import("./toaster").then((m) => m.AppToaster));

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
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
