/** Whether a process with this id exists (signal 0 checks without sending anything). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
