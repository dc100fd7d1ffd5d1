// The desk builds into chalicelib/static/desk, which the API serves at /v1/desk (and which
// may be copied to any static host as it is: every path in it is relative).
import { defineConfig } from "vite";

export default defineConfig({
  base: "./",
  esbuild: { jsx: "automatic", jsxImportSource: "preact" },
  build: {
    outDir: "../chalicelib/static/desk",
    emptyOutDir: true,
    assetsDir: "",
    target: "es2022",
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
});
