// The program of a BoundedWorker's child process (bounded-worker.ts): it runs the worker module
// whose URL is its one argument. A module of its own, so the worker's URL can be any module's
// (a data: URL in the tests), and `ps` shows which worker a process is.
await import(process.argv[2]);
