import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "jsdom",
    include: ["tests/**/*.test.js"],
    // the tests run lit-html's development build (it checks templates); its notice says so once
    onConsoleLog: (log) => !log.includes("Lit is in dev mode"),
  },
});
