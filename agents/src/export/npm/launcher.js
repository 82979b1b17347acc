#!/usr/bin/env node
// Starts __BIN__ built for this system (written by `tackle export npm`).
// Each build is a platform package among this package's optional
// dependencies; npm installs only the one whose os, cpu and libc fit.
"use strict";
const path = require("path");
const { spawn } = require("child_process");

const NAME = __NAME__;
const BUILDS = __BUILDS__;

// On Linux, glibc or musl: Node's report names glibc's version only where
// the process runs on it.
function libc() {
  if (process.platform !== "linux") return null;
  const header = process.report ? process.report.getReport().header : {};
  return header.glibcVersionRuntime ? "glibc" : "musl";
}

function installed(build) {
  try {
    const manifest = require.resolve(build.package + "/package.json");
    return path.join(path.dirname(manifest), build.file);
  } catch (e) {
    return null;
  }
}

const system = libc();
const fit = BUILDS.filter((b) => b.os === process.platform && b.cpu === process.arch)
  // The system's own C library first; a static musl build also runs on
  // glibc, where an npm older than 10.4 (which ignores `libc`) installed it.
  .sort((a, b) => (b.libc === system) - (a.libc === system));
const platform = process.platform + " " + process.arch + (system ? " (" + system + ")" : "");
if (fit.length === 0) {
  console.error(NAME + ": no build for " + platform + " in this package; it has builds for " +
    BUILDS.map((b) => b.os + " " + b.cpu + (b.libc ? " (" + b.libc + ")" : "")).join(", ") + ".");
  process.exit(127);
}
const binary = fit.map(installed).find((file) => file !== null);
if (!binary) {
  console.error(NAME + ": the build for " + platform + " (" + fit.map((b) => b.package).join(" or ") +
    ") is not installed: npm leaves optional dependencies out with --omit=optional or " +
    "--no-optional. Install " + NAME + " again without them.");
  process.exit(127);
}
const child = spawn(binary, process.argv.slice(2), { stdio: "inherit" });
// The signals a terminal or an agent sends reach the binary, and the
// launcher stays until the binary is done.
const FORWARDED = ["SIGINT", "SIGTERM", "SIGHUP"];
for (const signal of FORWARDED) process.on(signal, () => child.kill(signal));
child.on("error", (e) => {
  console.error(NAME + ": cannot start " + binary + ": " + e.message);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  if (signal) {
    // Stop the way the binary stopped, so that the caller sees the signal.
    for (const s of FORWARDED) process.removeAllListeners(s);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code === null ? 1 : code);
});
