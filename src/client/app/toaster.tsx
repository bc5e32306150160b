/** The toast area (sonner), loaded with the first notification (lib/notify.ts). */

import { TOAST_MAX_VISIBLE } from "@shared/limits";
import { useEffect } from "react";
import { Toaster } from "sonner";
import { toasterListening } from "../lib/notify";

export function AppToaster() {
  // Runs after the Toaster's own effects, so it already listens when the waiting toasts are sent.
  useEffect(() => toasterListening(), []);
  return <Toaster visibleToasts={TOAST_MAX_VISIBLE} position="top-center" expand closeButton />;
}
