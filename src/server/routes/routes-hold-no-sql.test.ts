import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Routes hold HTTP, src/server/queries holds SQL (README's layout; decision 015). This reads every
 * module under src/server/routes with the TypeScript parser and fails on SQL left in one: a string or
 * template literal that reads as SQL (a statement, an ORDER BY / WHERE / JOIN fragment, `alias.column`
 * lists, a statement-timeout setting), a tagged template (`tx\`…\``), a `.unsafe(…)` call, or an import
 * of the queries' low-level SQL modules (sql.ts, columns.ts). Documentation strings — the OpenAPI
 * `summary`/`description` and the en/ar messages — are prose and are not read.
 */

const ROUTES_DIR = join(import.meta.dirname);
/** Property names whose string values are prose for people, not code. */
const PROSE_PROPERTIES = new Set(['summary', 'description', 'en', 'ar']);
/** Modules of src/server/queries that build SQL text; routes call the named query functions instead. */
const SQL_MODULES = /\/queries\/(sql|columns)\.ts$/;

const SQL_PATTERNS: [string, RegExp][] = [
  ['statement', /\b(select\b[\s\S]*\bfrom|insert\s+into|update\s+[\w.]+\s+set|delete\s+from|with\s+\w+\s+as\s*\()\b/i],
  ['ORDER BY', /\border\s+by\b/i],
  ['WHERE/JOIN fragment', /^\s*(where|and|or)\s+[\w.]+\s*(=|<|>|in\b|is\b|like\b|ilike\b)|\b(left|inner|cross)?\s*join\s+[\w.]+\s+(\w+\s+)?on\b/i],
  ['alias.column list', /^\s*[a-z]{1,3}\.[a-z_]+(\s+(asc|desc))?(\s*,\s*[a-z]{1,3}\.[a-z_]+(\s+(asc|desc))?)*\s*$/],
  ['statement timeout', /statement_timeout|set_config\s*\(/i],
];

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** What reads as SQL in `source` (a module's text): one line per finding, `line: kind: text`. */
function sqlFindings(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const findings: string[] = [];
  const report = (node: ts.Node, kind: string, text: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    findings.push(`${line + 1}: ${kind}: ${text.slice(0, 80)}`);
  };
  const isProse = (node: ts.Node): boolean => {
    // the literal itself or a `'…' + '…'` concatenation that is the value of a prose property
    let at: ts.Node = node;
    while (ts.isBinaryExpression(at.parent) || ts.isParenthesizedExpression(at.parent)) at = at.parent;
    const parent = at.parent;
    return ts.isPropertyAssignment(parent) && parent.initializer === at
      && (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name)) && PROSE_PROPERTIES.has(parent.name.text);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (SQL_MODULES.test(node.moduleSpecifier.text)) report(node, 'import of a SQL-building module', node.moduleSpecifier.text);
      return;
    }
    if (ts.isTaggedTemplateExpression(node)) report(node, 'tagged template (SQL)', node.getText(file));
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'unsafe') {
      report(node, 'unsafe() call', node.getText(file));
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) && !isProse(node)) {
      const text = ts.isTemplateExpression(node) ? node.getText(file).slice(1, -1) : node.text;
      for (const [kind, pattern] of SQL_PATTERNS) if (pattern.test(text)) report(node, kind, text);
      if (ts.isTemplateExpression(node)) return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}

describe('routes hold no SQL', () => {
  it('finds what it looks for (the checker can fail)', () => {
    const sample = [
      "import { setStatementTimeout } from '../../queries/sql.ts';",
      "listCategories(tx, q.search, 'c.name, c.id');",
      'const rows = await tx`select id from public.places where slug = ${slug}`;',
      "await tx.unsafe('select 1');",
      "const order = 'p.updated_at desc';",
      "const where = 'where p.zone_id = $1';",
      "const q = `select ${cols} from public.zones z left join public.buildings b on b.zone_id = z.id order by z.title`;",
      "await tx.query(\"select set_config('statement_timeout', '60000', true)\");",
    ].join('\n');
    const findings = sqlFindings('sample.ts', sample);
    for (const line of [1, 2, 3, 4, 5, 6, 7, 8]) expect(findings.some((f) => f.startsWith(`${line}: `)), `line ${line}: ${findings.join(' | ')}`).toBe(true);
  });

  it('does not read prose as SQL (OpenAPI summaries/descriptions, en/ar messages, plain values)', () => {
    const sample = [
      "createRoute({ summary: 'Places ordered by name', description: 'Select a category from the list where it fits; '",
      "  + 'joined rows are ordered by id.' });",
      "const messages = { bad: { en: 'Please select a PNG, JPG or GIF image from your files.', ar: 'يرجى اختيار صورة' } };",
      "const sort = 'name'; const path = '/admin/places/{id}'; const type = 'application/json';",
    ].join('\n');
    expect(sqlFindings('prose.ts', sample)).toEqual([]);
  });

  it('no module under src/server/routes holds SQL', () => {
    const files = routeFiles(ROUTES_DIR);
    expect(files.length).toBeGreaterThan(20);
    const findings = files.flatMap((path) => sqlFindings(path, readFileSync(path, 'utf8'))
      .map((finding) => `${relative(ROUTES_DIR, path)}:${finding}`));
    expect(findings).toEqual([]);
  });
});
