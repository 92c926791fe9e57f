/** What run.json's `versions` says about the runtime: Node's and V8's versions, or the browser's name on the static site. */
export function runtimeVersions(): Record<string, string> {
  const p = (globalThis as { process?: { versions?: Record<string, string | undefined> } }).process;
  const node = p?.versions?.['node'];
  if (node !== undefined) return { node: `v${node}`, v8: p?.versions?.['v8'] ?? '' };
  const nav = (globalThis as { navigator?: { userAgent?: string } }).navigator;
  return { browser: nav?.userAgent ?? 'unknown' };
}
