/**
 * balance serve at the HTTP level (fastify's inject: real routes, no socket): bad bodies are 400
 * with the CLI's messages, paths outside DIR are never read, runs stay with their page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, MAX_STUDY_BYTES } from '../../src/serve/server.js';
import { EXAMPLE, ROOT } from '../helpers/cli.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createServer({ dir: join(ROOT, 'configs'), maxRunSeconds: 60, workers: 0 });
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });
type Problems = { ok: boolean; problems: { path: string; line: number; column: number; message: string }[] };

describe('balance serve: the API', () => {
  it('validates a good study and answers exactly with the same rows as the CLI', async () => {
    const v = await post('/api/validate', { text: EXAMPLE });
    expect(v.statusCode).toBe(200);
    expect(v.json()).toMatchObject({ ok: true, system: 'skirmish', mode: 'attack', exact: true, tasks: 4 });
    const e = await post('/api/exact', { text: EXAMPLE });
    expect(e.statusCode).toBe(200);
    const body = e.json<{ results: { title: string; command: string; summary: { header: string[]; rows: unknown[][] } }; report: string; files: Record<string, string> }>();
    expect(body.results.summary.rows).toHaveLength(4);
    expect(body.files['summary.csv']!.split('\n')[0]).toBe(body.results.summary.header.join(','));
    expect(body.report).toContain('<svg');
    // The page names the run its table shows with the report's own title and command.
    expect(body.report).toContain(`<h1>${body.results.title}</h1>`);
    expect(body.results.command).toBe(JSON.parse(body.files['run.json']!).command);
    expect(body.report).toContain(`<td>${body.results.command}</td>`);
  });

  it('answers /favicon.ico with the page icon (a report in its own tab asks for it)', async () => {
    const r = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect([r.statusCode, r.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    expect(r.body).toMatch(/^<svg /);
  });

  it('answers a bad study with 400 and the CLI messages, line and column', async () => {
    const bad = EXAMPLE.replace('keen-sword:       { fighter: keen,', 'keen-sword:       { fighter: kean,');
    const expected = [{ path: 'loadouts.keen-sword.fighter', line: 13, column: 32, message: 'unknown fighter "kean" (did you mean "keen"?)' }];
    const r = await post('/api/exact', { text: bad });
    expect(r.statusCode).toBe(400);
    expect(r.json<Problems>().problems).toEqual(expected);
    expect((await post('/api/runs', { text: bad, page: 'p' })).json<Problems>().problems).toEqual(expected);
    // validate answers the question "is it valid?" with 200 either way.
    const v = await post('/api/validate', { text: bad });
    expect([v.statusCode, v.json<Problems>()]).toEqual([200, { ok: false, problems: expected }]);
  });

  it.each([
    ['not JSON', 'text: [', 'application/json'],
    ['no text field', JSON.stringify({ study: EXAMPLE }), 'application/json'],
    ['not YAML', JSON.stringify({ text: ': : :\n  - [' }), 'application/json'],
    ['a YAML list, not a study', JSON.stringify({ text: '- 1\n- 2' }), 'application/json'],
    ['a hostile name', JSON.stringify({ text: EXAMPLE.replaceAll('keen-sword', '__proto__') }), 'application/json'],
    ['a name that is a JS built-in', JSON.stringify({ text: EXAMPLE.replaceAll('keen-sword', 'constructor'), name: '../../etc/passwd' }), 'application/json'],
  ])('refuses %s with 400 and a message, and keeps serving', async (_, payload, type) => {
    const r = await app.inject({ method: 'POST', url: '/api/exact', payload, headers: { 'content-type': type } });
    if (r.statusCode === 200) {
      // A name that works like any other is fine; it must not crash or leak.
      expect(r.json<{ ok: boolean }>().ok).toBe(true);
    } else {
      expect(r.statusCode).toBe(400);
      const p = r.json<Problems>();
      expect(p.ok).toBe(false);
      expect(p.problems[0]!.message.length).toBeGreaterThan(5);
    }
    expect((await app.inject({ method: 'GET', url: '/api/examples' })).statusCode).toBe(200);
  });

  it('refuses a body above the CLI study size limit with 400', async () => {
    const r = await post('/api/exact', { text: 'a'.repeat(MAX_STUDY_BYTES + 10) });
    expect(r.statusCode).toBe(400);
    expect(r.json<Problems>().problems[0]!.message).toContain('larger than');
  });

  it('never reads a path outside DIR and the package examples', async () => {
    for (const url of [
      '/api/study?name=../../etc/passwd', '/api/study?name=%2Fetc%2Fpasswd', '/api/study?name=dir/../../package.json',
      '/../package.json', '/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fpackage.json',
    ]) {
      const r = await app.inject({ method: 'GET', url });
      expect([400, 404], url).toContain(r.statusCode);
      expect(r.body).not.toContain('root:');
      expect(r.body).not.toContain('"name": "tabletop-balance"');
    }
    const ok = await app.inject({ method: 'GET', url: '/api/study?name=dir/skirmish-duels.yaml' });
    expect(ok.body).toBe(readFileSync(join(ROOT, 'configs/skirmish-duels.yaml'), 'utf8'));
  });

  it('keeps runs apart: a page sees its own run; a new run of a page cancels only its old one', async () => {
    const text = EXAMPLE.replace('trials: 20000', 'trials: 5000000');
    const a1 = (await post('/api/runs', { text, page: 'page-a' })).json<{ id: string }>().id;
    const b1 = (await post('/api/runs', { text, page: 'page-b' })).json<{ id: string }>().id;
    const a2 = (await post('/api/runs', { text: EXAMPLE, page: 'page-a' })).json<{ id: string }>().id;
    expect(new Set([a1, b1, a2]).size).toBe(3);
    // a1 is gone with its page's new run; b1 still runs until stopped.
    expect((await app.inject({ method: 'GET', url: `/api/runs/${a1}/events` })).statusCode).toBe(404);
    expect((await post(`/api/runs/${b1}/stop`, {})).statusCode).toBe(200);
    const b = await app.inject({ method: 'GET', url: `/api/runs/${b1}/events` });
    expect(b.body).toContain('event: cancelled');
    const a = await app.inject({ method: 'GET', url: `/api/runs/${a2}/events` });
    expect(a.body).toContain('event: done');
    const csv = await app.inject({ method: 'GET', url: `/api/runs/${a2}/files/summary.csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n').filter((l) => l !== '')).toHaveLength(5);
    expect((await app.inject({ method: 'GET', url: `/api/runs/${b1}/files/summary.csv` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/runs/${a2}/files/..%2f..%2fpackage.json` })).statusCode).toBe(404);
  });

  it('stops a run at its time limit', async () => {
    const quick = await createServer({ dir: join(ROOT, 'configs'), maxRunSeconds: 0.2, workers: 0 });
    try {
      const id = (await quick.inject({ method: 'POST', url: '/api/runs', payload: { text: EXAMPLE.replace('trials: 20000', 'trials: 500000000'), page: 'p' } })).json<{ id: string }>().id;
      const events = await quick.inject({ method: 'GET', url: `/api/runs/${id}/events` });
      expect(events.body).toContain('longer than 0.2 s');
    } finally {
      await quick.close();
    }
  });
});
