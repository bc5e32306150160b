import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { detectInitialLanguage, initI18n } from "../lib/i18n";
import "./global.css";
import { Providers } from "./providers";
import { createRouter } from "./router";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

await initI18n(detectInitialLanguage());

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>,
);
