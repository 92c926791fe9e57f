/// <reference types="vite/client" />
/**
 * The studies the page offers: the package's templates and shipped configs, bundled into the
 * site (raw text), and under `balance serve` also the studies in its DIR (asked from its API).
 * Templates say THIS_FILE where `balance init` writes the file name, as `serve` replaced it.
 */
const templates = import.meta.glob<string>('../templates/*.yaml', { query: '?raw', import: 'default', eager: true });
const configs = import.meta.glob<string>('../configs/*.yaml', { query: '?raw', import: 'default', eager: true });

const bundled = new Map<string, string>();
for (const [path, text] of Object.entries(templates).sort(([a], [b]) => a.localeCompare(b))) {
  const file = path.split('/').pop()!;
  bundled.set(`templates/${file}`, text.replaceAll('THIS_FILE', file));
}
for (const [path, text] of Object.entries(configs).sort(([a], [b]) => a.localeCompare(b))) bundled.set(`configs/${path.split('/').pop()!}`, text);

/** Studies served by `balance serve DIR` (none on a static host). */
let served: string[] = [];

export async function listExamples(): Promise<string[]> {
  // `balance serve` marks its copy of the page; on a static host there is no API to ask.
  const api = document.querySelector<HTMLMetaElement>('meta[name="balance-api"]')?.content;
  if (api === undefined) return [...bundled.keys()];
  try {
    const r = await fetch(`${api}examples`);
    if (r.ok && (r.headers.get('content-type') ?? '').includes('json')) {
      served = ((await r.json()) as { examples: string[] }).examples.filter((n) => n.startsWith('dir/'));
    }
  } catch {
    // a static host: the bundled studies only
  }
  return [...bundled.keys(), ...served];
}

export async function readExample(name: string): Promise<string | null> {
  const text = bundled.get(name);
  if (text !== undefined) return text;
  if (!served.includes(name)) return null;
  const api = document.querySelector<HTMLMetaElement>('meta[name="balance-api"]')?.content ?? './api/';
  const r = await fetch(`${api}study?name=${encodeURIComponent(name)}`);
  return r.ok ? r.text() : null;
}
