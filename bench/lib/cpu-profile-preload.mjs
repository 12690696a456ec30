// Preloaded into the app by bench/profile-hot-paths.ts (NODE_OPTIONS=--import=<this file>, as
// Node 20 refuses --cpu-prof in NODE_OPTIONS): the same sampling profile --cpu-prof takes, through
// the in-process inspector, written to CPU_PROFILE_DIR as <pid>.cpuprofile when the process
// stops (on SIGTERM, which is how the bench stops the app, or on a normal exit).
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: Number(process.env.CPU_PROFILE_INTERVAL_US || 1000) });
  session.post("Profiler.start");
  let written = false;
  // An in-process inspector session answers synchronously, so this works inside "exit".
  const write = () => {
    if (written) return;
    written = true;
    session.post("Profiler.stop", (error, result) => {
      if (!error) writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  process.on("exit", write);
  process.once("SIGTERM", () => {
    write();
    // Without another handler (Next's own), this one replaced the default: exit as it would have.
    if (process.listenerCount("SIGTERM") === 0) process.exit(143);
  });
}
