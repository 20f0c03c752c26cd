// Teardown that runs exactly once: on success, on failure, on Ctrl-C/SIGTERM and on the watchdog.
const steps = [];
let running = null;

/** Registers a teardown step; steps run last-registered first, each bounded by its own timeout. */
export function onCleanup(name, fn, timeoutMs = 15_000) {
  steps.push({ name, fn, timeoutMs });
}

export function runCleanup() {
  running ??= (async () => {
    for (const step of steps.splice(0).reverse()) {
      let timer;
      try {
        await Promise.race([
          step.fn(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`timed out after ${step.timeoutMs} ms`)), step.timeoutMs);
          }),
        ]);
      } catch (error) {
        console.error(`[bench] cleanup '${step.name}' failed: ${error?.message ?? error}`);
      } finally {
        clearTimeout(timer);
      }
    }
  })();
  return running;
}

/** Makes signals, uncaught errors and the watchdog end the run through the same teardown. */
export function installExitHandlers(timeoutMs) {
  let signalled = false;
  const abort = (reason, code) => {
    if (signalled) {
      console.error('[bench] forced exit');
      process.exit(code);
    }
    signalled = true;
    console.error(`[bench] ${reason}: cleaning up`);
    runCleanup().finally(() => process.exit(code));
  };
  process.on('SIGINT', () => abort('interrupted', 130));
  process.on('SIGTERM', () => abort('terminated', 143));
  process.on('uncaughtException', (error) => {
    console.error(error);
    abort('uncaught exception', 1);
  });
  process.on('unhandledRejection', (error) => {
    console.error(error);
    abort('unhandled rejection', 1);
  });
  const watchdog = setTimeout(() => abort(`watchdog: run exceeded ${timeoutMs / 1000} s (BENCH_TIMEOUT_S)`, 1), timeoutMs);
  watchdog.unref();
}

/** Runs a benchmark's main(): prints its Markdown and exits 0, or reports the failure and exits 1; cleans up either way. */
export function runBenchmark(label, main) {
  main()
    .then(async (markdown) => {
      await runCleanup();
      process.stdout.write(`${markdown}\n`);
      process.exit(0);
    })
    .catch(async (error) => {
      console.error(`[${label}] failed: ${error?.stack ?? error}`);
      await runCleanup();
      process.exit(1);
    });
}
