/** The toast area (sonner), loaded with the first notification (lib/notify.ts). */

import { TOAST_MAX_VISIBLE } from "@shared/limits";
import { useEffect } from "react";
import { Toaster } from "sonner";
import { toasterListening } from "../lib/notify";
import { useTheme } from "../lib/theme";

const TOAST_TOP = "calc(3.5rem + 1px + 0.5rem)";

export function AppToaster() {
  // Runs after the Toaster's own effects, so it already listens when the waiting toasts are sent.
  useEffect(() => toasterListening(), []);
  const theme = useTheme();
  return (
    <Toaster
      visibleToasts={TOAST_MAX_VISIBLE}
      position="top-center"
      // Below the sticky header (3.5 rem and its border), so no toast covers its buttons.
      offset={{ top: TOAST_TOP }}
      mobileOffset={{ top: TOAST_TOP }}
      expand
      closeButton
      theme={theme}
    />
  );
}
