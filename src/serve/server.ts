/**
 * `balance serve`: a local web playground. Fastify serves the static site (built into dist/site
 * by `npm run build`, the very page any static host serves: it validates and computes in the
 * browser) and a small JSON API: the page lists and opens the studies under DIR through it, and
 * scripts may validate, answer exactly and run studies on this machine's worker threads; studies
 * are validated at the edge with the same loader and messages as the CLI. Nothing outside DIR (and
 * the package's own templates and configs) is ever read, and nothing is written to disk: results
 * live in memory until the page runs again.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ConfigError, exactStudy, loadStudyText, renderReport, type Problem } from '../api.js';
import { studyJsonSchema } from '../config/json-schema.js';
import { MAX_STUDY_BYTES } from '../config/limits.js';
import { packageRoot } from '../cli/package-root.js';
import { pageResults, Runs, type RunEvent } from './runs.js';

/** Largest study the page may send: the CLI's study size limit. */
export { MAX_STUDY_BYTES };

export interface ServeOptions {
  /** Studies in this folder are listed and may be opened. */
  readonly dir: string;
  readonly maxRunSeconds: number;
  readonly workers: number;
  /** Serve the page from here (default: the package's dist/site). */
  readonly webRoot?: string;
}

interface ProblemJson {
  readonly path: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

const toJson = (p: Problem): ProblemJson => ({ path: p.path, line: p.line, column: p.col, message: p.message });

/** Example studies: the package's templates and configs, and every YAML study under DIR (3 levels). */
export function listStudies(dir: string): Map<string, string> {
  const root = packageRoot();
  const found = new Map<string, string>();
  for (const sub of ['templates', 'configs']) {
    const d = join(root, sub);
    if (!existsSync(d)) continue;
    for (const f of readdirSync(d).sort()) if (/\.ya?ml$/.test(f)) found.set(`${sub}/${f}`, join(d, f));
  }
  const base = resolve(dir);
  const walk = (d: string, depth: number): void => {
    let entries: string[];
    try {
      entries = readdirSync(d).sort();
    } catch {
      return;
    }
    for (const name of entries) {
      if (name.startsWith('.') || name === 'node_modules') continue;
      const full = join(d, name);
      let st;
      try {
        st = statSync(full);
      } catch {
        continue;
      }
      if (st.isDirectory() && depth < 3) walk(full, depth + 1);
      else if (st.isFile() && /\.ya?ml$/.test(name) && st.size <= MAX_STUDY_BYTES) found.set(`dir/${relative(base, full).split(sep).join('/')}`, full);
    }
  };
  walk(base, 0);
  return found;
}

function studyFrom(body: unknown): { name: string; text: string } {
  if (body === null || typeof body !== 'object') throw new BadRequest('expected a JSON body { "text": "<study YAML>" }');
  const { text, name } = body as { text?: unknown; name?: unknown };
  if (typeof text !== 'string') throw new BadRequest('expected a JSON body { "text": "<study YAML>" }');
  if (Buffer.byteLength(text) > MAX_STUDY_BYTES) throw new BadRequest(`the study is larger than ${MAX_STUDY_BYTES / 1024 / 1024} MB (the CLI's limit)`);
  const file = typeof name === 'string' && /^[\w./-]{1,200}$/.test(name) ? name : 'study.yaml';
  return { name: file, text };
}

class BadRequest extends Error {}

/** The page's icon (a bar chart), the same as index.html's inline one. */
export const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1d2330"/><path d="M3 11h10M5 11V7m3 4V4m3 7V8" stroke="#fff" stroke-width="1.6"/></svg>';

export async function createServer(opts: ServeOptions): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: MAX_STUDY_BYTES + 4096, logger: false });
  const runs = new Runs({ maxSeconds: opts.maxRunSeconds, workers: opts.workers });
  const webRoot = opts.webRoot ?? join(packageRoot(), 'dist', 'site');
  const schema = studyJsonSchema();

  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    if (err instanceof ConfigError) return reply.code(400).send({ ok: false, problems: err.problems.map(toJson) });
    if (err instanceof BadRequest) return reply.code(400).send({ ok: false, problems: [{ path: '', line: 0, column: 0, message: err.message }] });
    // Every bad request body is a 400 with the message, the oversized one included.
    const code = err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500 ? 400 : 500;
    const message = err.statusCode === 413 ? `the study is larger than ${MAX_STUDY_BYTES / 1024 / 1024} MB (the CLI's limit)` : err.message;
    return reply.code(code).send({ ok: false, problems: [{ path: '', line: 0, column: 0, message }] });
  });
  app.addHook('onClose', () => runs.stopAll());
  // No path outside the page and the API: anything with a '..' segment is simply not there.
  app.addHook('onRequest', (req, reply, done) => {
    let path = req.url.split('?')[0] ?? '';
    try {
      path = decodeURIComponent(path);
    } catch {
      // undecodable: judged as written
    }
    if (path.split(/[\\/]/).includes('..')) {
      void notFound(reply);
      return;
    }
    done();
  });

  if (existsSync(webRoot)) {
    // The site's page, told that this server's API is there (for the studies under DIR); a static host's copy has no such line.
    const index = readFileSync(join(webRoot, 'index.html'), 'utf8').replace('<head>', '<head>\n  <meta name="balance-api" content="./api/">');
    const page = (_req: unknown, reply: FastifyReply): FastifyReply => reply.type('text/html; charset=utf-8').send(index);
    app.get('/', page);
    app.get('/index.html', page);
    await app.register(fastifyStatic, { root: webRoot, prefix: '/', index: false, dotfiles: 'deny' });
  } else {
    app.get('/', (_req, reply) => reply.code(500).type('text/plain').send(`the page is not built: run npm run build (missing ${webRoot})`));
  }

  // The page links this icon inline; reports opened in their own tab ask for /favicon.ico.
  app.get('/favicon.ico', (_req, reply) => reply.type('image/svg+xml').header('cache-control', 'max-age=86400').send(FAVICON));

  app.get('/api/schema', () => schema);

  app.get('/api/examples', () => ({ examples: [...listStudies(opts.dir).keys()] }));

  app.get('/api/study', (req, reply) => {
    const name = (req.query as { name?: unknown }).name;
    const file = typeof name === 'string' ? listStudies(opts.dir).get(name) : undefined;
    if (file === undefined) return reply.code(404).send({ ok: false, problems: [{ path: '', line: 0, column: 0, message: `no study named ${JSON.stringify(name)}` }] });
    // Templates say THIS_FILE where `balance init` writes the file name.
    const text = readFileSync(file, 'utf8');
    return reply.type('text/plain; charset=utf-8').send((name as string).startsWith('templates/') ? text.replaceAll('THIS_FILE', (name as string).slice('templates/'.length)) : text);
  });

  // Asking whether a study is valid is a good question whatever the answer: problems come back
  // with 200 and ok: false (the page lints as you type); /api/exact and /api/runs answer 400.
  app.post('/api/validate', (req) => {
    const { name, text } = studyFrom(req.body);
    let study;
    try {
      study = loadStudyText(name, text);
    } catch (err) {
      if (err instanceof ConfigError) return { ok: false, problems: err.problems.map(toJson) };
      throw err;
    }
    const tasks = study.plugin.plan(study.data, 1).length;
    return {
      ok: true, system: study.plugin.system, mode: study.plugin.mode, exact: study.plugin.exact !== undefined && study.plugin.exactIsSlow !== true,
      tasks, trials: study.data.trials, seed: study.data.seed, warnings: study.warnings.map(toJson),
    };
  });

  app.post('/api/exact', async (req) => {
    const { name, text } = studyFrom(req.body);
    const study = loadStudyText(name, text);
    const started = performance.now();
    const results = exactStudy(study);
    const { page, files } = pageResults(results, await renderReport(results), (performance.now() - started) / 1000);
    return { ok: true, results: page, report: files['report.html'], files };
  });

  app.post('/api/runs', (req, reply) => {
    const { name, text } = studyFrom(req.body);
    const { page, trials } = req.body as { page?: unknown; trials?: unknown };
    if (typeof page !== 'string' || !/^[\w-]{1,64}$/.test(page)) throw new BadRequest('expected "page": an id of letters, digits and dashes');
    if (trials !== undefined && !(Number.isInteger(trials) && (trials as number) >= 1 && (trials as number) <= 1e9)) {
      throw new BadRequest('"trials": expected an integer from 1 to 1000000000');
    }
    const study = loadStudyText(name, text);
    const run = runs.start(page, study, trials as number | undefined);
    return reply.code(202).send({ ok: true, id: run.id });
  });

  app.get('/api/runs/:id/events', (req, reply) => {
    const run = runs.get((req.params as { id: string }).id);
    if (run === undefined) return notFound(reply);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (e: RunEvent): void => {
      res.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
      if (e.type !== 'progress') res.end();
    };
    for (const e of run.events) send(e);
    if (run.events.some((e) => e.type !== 'progress')) return;
    run.listeners.add(send);
    req.raw.on('close', () => run.listeners.delete(send));
  });

  app.post('/api/runs/:id/stop', (req, reply) => {
    if (!runs.stop((req.params as { id: string }).id)) return notFound(reply);
    return { ok: true };
  });

  app.get('/api/runs/:id/files/:name', (req, reply) => {
    const { id, name } = req.params as { id: string; name: string };
    const content = runs.get(id)?.files?.[name];
    if (content === undefined) return notFound(reply);
    const type = name.endsWith('.html') ? 'text/html' : name.endsWith('.json') ? 'application/json' : name.endsWith('.csv') ? 'text/csv' : 'text/markdown';
    return reply.type(`${type}; charset=utf-8`).header('content-disposition', name.endsWith('.html') ? 'inline' : `attachment; filename="${name}"`).send(content);
  });

  return app;
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).send({ ok: false, problems: [{ path: '', line: 0, column: 0, message: 'not found' }] });
}
