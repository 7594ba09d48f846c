// Preload that CPU-profiles a Quarry process (Node 20 refuses --cpu-prof in NODE_OPTIONS):
//   BENCH_WORKER_NODE_OPTIONS="--require $PWD/apps/bench/tools/cpu-profile.cjs" npm run bench -- --cases export-formatted
// writes tmp/bench/profiles/<app>-<pid>.cpuprofile (under the working directory; CPU_PROFILE_DIR
// overrides it where the environment reaches the process) when the process is stopped (SIGTERM)
// or exits. Open it in Chrome DevTools (Performance) or speedscope.
const { mkdirSync, writeFileSync } = require('node:fs');
const { Session } = require('node:inspector');
const { basename, dirname, join, resolve } = require('node:path');

const dir = resolve(process.env.CPU_PROFILE_DIR || 'tmp/bench/profiles');
const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 1000 });
session.post('Profiler.start');

let written = false;
function write() {
  if (written) return;
  written = true;
  // The in-process inspector answers synchronously, so this works from 'exit' too.
  session.post('Profiler.stop', (error, result) => {
    if (error) return process.stderr.write(`cpu-profile: ${error.message}\n`);
    mkdirSync(dir, { recursive: true });
    const app = basename(dirname(process.argv[1] || 'node'));
    writeFileSync(join(dir, `${app}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
}
// Nest handles SIGTERM itself and then re-raises it, which skips 'exit': write on the first one.
process.once('SIGTERM', write);
process.on('exit', write);
