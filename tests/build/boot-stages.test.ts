import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The browser's start in three stages (decision 072), over the built files of `npm run build`: src/main.tsx imports
 * React, then Chakra, then the app's frame, each evaluated in a task of its own. That holds only while the build keeps
 * each stage in chunks that import nothing of a later stage (a chunk's evaluation evaluates what it imports), the
 * entry imports none of them statically, and the document preloads them all with the entry.
 */
interface ManifestChunk { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
const dist = path.resolve(__dirname, '../../dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
const STAGES = ['src/boot/react.ts', 'src/boot/ui.ts', 'src/boot/start.tsx'];

function load() {
  expect(existsSync(manifestPath), 'dist/.vite/manifest.json: run `npm run build` first').toBe(true);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  /** The files `key` loads: its chunk and its static imports, transitively. */
  const files = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) files(imported, seen);
    return seen;
  };
  const text = (file: string) => readFileSync(path.join(dist, file), 'utf8');
  return { manifest, files, text };
}

describe("the browser's start in stages (decision 072)", () => {
  it('the entry imports the three stages, in order, and none of them statically', () => {
    const { manifest, files } = load();
    expect(manifest['index.html']!.dynamicImports).toEqual(STAGES);
    const entryFiles = files('index.html');
    for (const stage of STAGES) expect([...entryFiles].filter((file) => files(stage).has(file) && file !== manifest['index.html']!.file && !/rolldown-runtime|preload-helper/.test(file)), stage).toEqual([]);
    // the entry itself is small: the stages are what it evaluates later
    expect(readFileSync(path.join(dist, manifest['index.html']!.file)).length).toBeLessThan(4096);
  });

  it("a stage's chunks import nothing of a later stage, so evaluating one evaluates no later one", () => {
    const { manifest, files } = load();
    const own = STAGES.map((stage, i) => [...files(stage)].filter((file) => !STAGES.slice(0, i).some((earlier) => files(earlier).has(file))));
    for (const [i, stage] of STAGES.entries()) {
      for (const later of STAGES.slice(i + 1)) {
        expect([...files(stage)].filter((file) => own[STAGES.indexOf(later)]!.includes(file)), `${stage} loads files of ${later}`).toEqual([]);
      }
    }
    // each stage brings code of its own (not a facade over a chunk another stage evaluates)
    for (const [i, stage] of STAGES.entries()) {
      const bytes = own[i]!.reduce((sum, file) => sum + readFileSync(path.join(dist, file)).length, 0);
      expect(bytes, `${stage}: ${own[i]!.join(', ')}`).toBeGreaterThan(100_000);
    }
    expect(manifest['src/boot/start.tsx']).toBeTruthy();
  });

  it('React is in the first stage, Chakra and Emotion in the second, the router and i18next in the third', () => {
    const { files, text } = load();
    const code = (stage: string, i: number) => [...files(stage)].filter((file) => !STAGES.slice(0, i).some((earlier) => files(earlier).has(file))).map(text).join('\n');
    const [react, ui, start] = STAGES.map(code);
    // React DOM's production error links, Emotion's and Chakra's class name prefixes, React Router's and i18next's messages
    expect(react).toContain('react.dev/errors/');
    expect(ui).not.toContain('react.dev/errors/');
    expect(ui).toMatch(/chakra-/);
    expect(ui).toMatch(/@emotion|emotion/);
    expect(start).not.toContain('react.dev/errors/');
    expect(start).toMatch(/i18next/);
    expect(start).toMatch(/useNavigate|react-router|createBrowserRouter|You cannot/);
  });

  it('the document preloads every file of the three stages with the entry', () => {
    const { manifest, files } = load();
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const preloaded = new Set([...html.matchAll(/<link rel="modulepreload"[^>]*\shref="\/([^"]+)"/g)].map((m) => m[1]!));
    const needed = STAGES.flatMap((stage) => [...files(stage)]);
    expect(needed.filter((file) => !preloaded.has(file))).toEqual([]);
    expect(html).toContain(`src="/${manifest['index.html']!.file}"`);
  });
});
