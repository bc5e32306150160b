import type { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { accountKeys } from "../core/cache/keys";
import { detectInitialLanguage, initI18n } from "../lib/i18n";
import { createQueryClient } from "../lib/query-client";
import { startTheme } from "../lib/theme";
import "./global.css";
import { Providers } from "./providers";
import { createRouter } from "./router";

startTheme();
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// Made first: the router starts fetching the first screen's code and data while the texts load
// (a Japanese visitor's come from the network). Its loaders fill the same cache the screens read.
// A 401 means the session ended (signed out on another device, expired): check it at once, so the
// header stops showing the email, instead of at the next 30 s check.
const queryClient: QueryClient = createQueryClient({
  onUnauthorized: () => void queryClient.invalidateQueries({ queryKey: accountKeys.session }),
});
const router = createRouter(queryClient);
await initI18n(detectInitialLanguage());

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
