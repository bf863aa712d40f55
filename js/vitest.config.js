import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "jsdom",
    include: ["tests/**/*.test.js"],
    benchmark: { include: ["tests/**/*.bench.js"] },
    // a 2-core machine running the browser tests beside it is slow: time-outs allow for it
    testTimeout: 30000,
    // the tests run lit-html's development build (it checks templates); its notice says so once
    onConsoleLog: (log) => !log.includes("Lit is in dev mode"),
  },
});
