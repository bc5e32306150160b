import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiPort = process.env.PORT ?? "3000";

export default defineConfig({
  root: "src/client",
  plugins: [react()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
  },
  server: {
    // In development the API runs in its own process (npm run dev starts both).
    proxy: {
      "/api": `http://127.0.0.1:${apiPort}`,
      "/dev": `http://127.0.0.1:${apiPort}`,
    },
  },
});
