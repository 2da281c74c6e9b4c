import type { Sql } from 'postgres';

/**
 * A database's definition read from its catalog, for comparing two databases
 * (tests/db/schema-drift.test.ts). Keys name an object the way a person would look for it
 * (`function private.is_admin()`, `policy public.places "Anyone can read places"`); each value maps
 * attribute → text (a definition, a flag, a sorted privilege list). Objects that belong to an
 * extension are left out (the extension itself is compared by name, schema and version), as are
 * supabase_migrations (the runner's own table) and the system schemas.
 */
export type Catalog = Map<string, Record<string, string>>;

/** Schemas whose objects are compared: everything but the system ones and the migration runner's. */
const SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations') and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`;
/** Not created by an extension. */
const notExtension = (oid: string, catalog: string) =>
  `not exists (select from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;
/** A privilege list as sorted text, grantor left out: `anon:SELECT, authenticated:SELECT*` (* = with grant option). */
const aclText = (acl: string) =>
  `(select coalesce(string_agg(g, ', ' order by g), '') from (select case when a.grantee = 0 then 'public' else pg_get_userbyid(a.grantee) end || ':' || a.privilege_type || case when a.is_grantable then '*' else '' end as g from aclexplode(${acl}) a) acl)`;

/** Reads the catalog of the database `db` is connected to. */
export async function readCatalog(db: Sql): Promise<Catalog> {
  const catalog: Catalog = new Map();
  const add = (rows: { key: string; attrs: Record<string, unknown> }[]) => {
    for (const r of rows) {
      const attrs: Record<string, string> = {};
      for (const [k, v] of Object.entries(r.attrs)) attrs[k] = v === null || v === undefined ? '(none)' : String(v);
      if (catalog.has(r.key)) throw new Error(`Two catalog objects named ${r.key}`);
      catalog.set(r.key, attrs);
    }
  };
  const run = async (text: string) => add(await db.unsafe<{ key: string; attrs: Record<string, unknown> }[]>(text));

  // Names printed schema-qualified whatever the caller's search_path.
  await db.unsafe(`set search_path = ''`);

  await run(`select 'schema ' || quote_ident(n.nspname) as key,
      jsonb_build_object('owner', pg_get_userbyid(n.nspowner), 'privileges', ${aclText("coalesce(n.nspacl, acldefault('n', n.nspowner))")},
                         'comment', obj_description(n.oid, 'pg_namespace')) as attrs
    from pg_namespace n where ${SCHEMAS}`);

  await run(`select 'extension ' || e.extname as key,
      jsonb_build_object('schema', e.extnamespace::regnamespace::text, 'version', e.extversion) as attrs
    from pg_extension e`);

  await run(`select 'collation ' || c.oid::regcollation::text as key,
      jsonb_build_object('provider', c.collprovider, 'locale', coalesce(c.colllocale, c.collcollate), 'deterministic', c.collisdeterministic,
                         'comment', obj_description(c.oid, 'pg_collation')) as attrs
    from pg_collation c join pg_namespace n on n.oid = c.collnamespace where ${SCHEMAS} and ${notExtension('c.oid', 'pg_collation')}`);

  await run(`select (case c.relkind when 'r' then 'table ' when 'p' then 'table ' when 'v' then 'view ' when 'm' then 'materialized view '
                                    when 'S' then 'sequence ' when 'f' then 'foreign table ' end) || c.oid::regclass::text as key,
      jsonb_build_object('owner', pg_get_userbyid(c.relowner), 'row level security', c.relrowsecurity, 'force row level security', c.relforcerowsecurity,
                         'persistence', c.relpersistence, 'options', c.reloptions::text, 'partition key', pg_get_partkeydef(c.oid),
                         'privileges', ${aclText(`coalesce(c.relacl, acldefault(case when c.relkind = 'S' then 's' else 'r' end::"char", c.relowner))`)},
                         'view definition', case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid) end,
                         'comment', obj_description(c.oid, 'pg_class')) as attrs
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where ${SCHEMAS} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${notExtension('c.oid', 'pg_class')}`);

  await run(`select 'column ' || c.oid::regclass::text || '.' || quote_ident(a.attname) as key,
      jsonb_build_object('position', (select count(*) from pg_attribute b where b.attrelid = a.attrelid and b.attnum > 0 and not b.attisdropped and b.attnum <= a.attnum),
                         'type', format_type(a.atttypid, a.atttypmod), 'collation', case when a.attcollation <> t.typcollation then a.attcollation::regcollation::text end,
                         'not null', a.attnotnull, 'default', case when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end,
                         'generated', case when a.attgenerated <> '' then a.attgenerated::text || ' ' || pg_get_expr(d.adbin, d.adrelid) end,
                         'identity', nullif(a.attidentity, ''), 'privileges', ${aclText('a.attacl')},
                         'comment', col_description(c.oid, a.attnum)) as attrs
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace join pg_type t on t.oid = a.atttypid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where ${SCHEMAS} and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped and ${notExtension('c.oid', 'pg_class')}`);

  // Not-null constraints (pg_constraint contype 'n' since Postgres 18) are the columns' "not null".
  await run(`select 'constraint ' || k.conrelid::regclass::text || ' ' || quote_ident(k.conname) as key,
      jsonb_build_object('definition', pg_get_constraintdef(k.oid), 'deferrable', k.condeferrable, 'deferred', k.condeferred,
                         'validated', k.convalidated, 'comment', obj_description(k.oid, 'pg_constraint')) as attrs
    from pg_constraint k join pg_namespace n on n.oid = k.connamespace
    where ${SCHEMAS} and k.conrelid <> 0 and k.contype <> 'n'`);

  await run(`select 'index ' || i.indexrelid::regclass::text as key,
      jsonb_build_object('definition', pg_get_indexdef(i.indexrelid), 'comment', obj_description(i.indexrelid, 'pg_class')) as attrs
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
    where ${SCHEMAS} and ${notExtension('i.indrelid', 'pg_class')}`);

  await run(`select 'policy ' || quote_ident(p.schemaname) || '.' || quote_ident(p.tablename) || ' ' || quote_ident(p.policyname) as key,
      jsonb_build_object('permissive', p.permissive, 'command', p.cmd, 'roles', (select string_agg(r, ', ' order by r) from unnest(p.roles) r),
                         'using', p.qual, 'with check', p.with_check) as attrs
    from pg_policies p`);

  await run(`select 'function ' || p.oid::regprocedure::text as key,
      jsonb_build_object('returns', pg_get_function_result(p.oid), 'arguments', pg_get_function_arguments(p.oid),
                         'kind', p.prokind, 'language', l.lanname, 'body', coalesce(pg_get_function_sqlbody(p.oid), p.prosrc),
                         'security definer', p.prosecdef, 'volatility', p.provolatile, 'strict', p.proisstrict, 'parallel', p.proparallel,
                         'leakproof', p.proleakproof, 'settings', p.proconfig::text, 'cost', p.procost, 'rows', p.prorows,
                         'owner', pg_get_userbyid(p.proowner), 'privileges', ${aclText("coalesce(p.proacl, acldefault('f', p.proowner))")},
                         'comment', obj_description(p.oid, 'pg_proc')) as attrs
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
    where ${SCHEMAS} and ${notExtension('p.oid', 'pg_proc')}`);

  await run(`select 'trigger ' || t.tgrelid::regclass::text || ' ' || quote_ident(t.tgname) as key,
      jsonb_build_object('definition', pg_get_triggerdef(t.oid), 'enabled', t.tgenabled) as attrs
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where ${SCHEMAS} and not t.tgisinternal`);

  await run(`select 'sequence settings ' || s.seqrelid::regclass::text as key,
      jsonb_build_object('type', format_type(s.seqtypid, null), 'start', s.seqstart, 'increment', s.seqincrement, 'min', s.seqmin,
                         'max', s.seqmax, 'cache', s.seqcache, 'cycle', s.seqcycle,
                         'owned by', (select d.refobjid::regclass::text || '.' || a.attname from pg_depend d join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
                                      where d.classid = 'pg_class'::regclass and d.objid = s.seqrelid and d.deptype in ('a', 'i'))) as attrs
    from pg_sequence s join pg_class c on c.oid = s.seqrelid join pg_namespace n on n.oid = c.relnamespace where ${SCHEMAS}`);

  await run(`select 'type ' || t.oid::regtype::text as key,
      jsonb_build_object('kind', t.typtype, 'owner', pg_get_userbyid(t.typowner),
                         'labels', (select string_agg(e.enumlabel, ', ' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid),
                         'attributes', (select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', ' order by a.attnum)
                                        from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped),
                         'base type', case when t.typtype = 'd' then format_type(t.typbasetype, t.typtypmod) end,
                         'domain not null', case when t.typtype = 'd' then t.typnotnull end, 'domain default', t.typdefault,
                         'domain checks', (select string_agg(pg_get_constraintdef(k.oid), ' and ' order by k.conname) from pg_constraint k where k.contypid = t.oid),
                         'privileges', ${aclText("coalesce(t.typacl, acldefault('T', t.typowner))")},
                         'comment', obj_description(t.oid, 'pg_type')) as attrs
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where ${SCHEMAS} and t.typtype in ('e', 'd', 'c', 'r', 'm') and ${notExtension('t.oid', 'pg_type')}
      and (t.typrelid = 0 or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')`);

  await run(`select 'default privileges for role ' || pg_get_userbyid(d.defaclrole) || coalesce(' in schema ' || d.defaclnamespace::regnamespace::text, '')
                 || ' on ' || case d.defaclobjtype when 'r' then 'tables' when 'S' then 'sequences' when 'f' then 'functions' when 'T' then 'types' when 'n' then 'schemas' else d.defaclobjtype::text end as key,
      jsonb_build_object('privileges', ${aclText('d.defaclacl')}) as attrs
    from pg_default_acl d`);

  await run(`select 'publication ' || quote_ident(p.pubname) as key,
      jsonb_build_object('all tables', p.puballtables, 'insert', p.pubinsert, 'update', p.pubupdate, 'delete', p.pubdelete, 'truncate', p.pubtruncate,
                         'tables', (select string_agg(t.schemaname || '.' || t.tablename, ', ' order by 1) from pg_publication_tables t where t.pubname = p.pubname)) as attrs
    from pg_publication p`);

  await run(`select 'event trigger ' || quote_ident(e.evtname) as key,
      jsonb_build_object('event', e.evtevent, 'function', e.evtfoid::regprocedure::text, 'enabled', e.evtenabled, 'tags', e.evttags::text) as attrs
    from pg_event_trigger e`);

  return catalog;
}

/**
 * Every difference between two catalogs, one readable line per object and attribute, e.g.
 *   function private.is_admin(): volatility
 *       migrations:   s
 *       schema files: v
 *   only in migrations: policy public.places "Anyone can read places"
 * Multi-line values (function bodies, view definitions) are shown whole up to 6 lines, else from the
 * first line that differs.
 */
export function diffCatalogs(left: Catalog, right: Catalog, names: [string, string]): string[] {
  const [l, r] = names;
  const width = Math.max(l.length, r.length) + 2;
  const out: string[] = [];
  const keys = [...new Set([...left.keys(), ...right.keys()])].sort();
  for (const key of keys) {
    const a = left.get(key);
    const b = right.get(key);
    if (!a) {
      out.push(`only in ${r}: ${key}`);
      continue;
    }
    if (!b) {
      out.push(`only in ${l}: ${key}`);
      continue;
    }
    for (const attr of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const x = a[attr] ?? '(none)';
      const y = b[attr] ?? '(none)';
      if (x === y) continue;
      out.push(`${key}: ${attr}\n${describeChange(x, y, [`${l}:`.padEnd(width), `${r}:`.padEnd(width)])}`);
    }
  }
  return out;
}

function describeChange(x: string, y: string, labels: [string, string]): string {
  const xs = x.split('\n');
  const ys = y.split('\n');
  if (xs.length === 1 && ys.length === 1) return `    ${labels[0]}${x}\n    ${labels[1]}${y}`;
  // short values (a one-line function body against a three-line one): both in full
  if (xs.length <= 6 && ys.length <= 6) {
    const block = (lines: string[]) => lines.map((l) => `      | ${l}`).join('\n');
    return `    ${labels[0]}\n${block(xs)}\n    ${labels[1]}\n${block(ys)}`;
  }
  let i = 0;
  while (i < xs.length && i < ys.length && xs[i] === ys[i]) i++;
  return `    first difference at line ${i + 1} (of ${xs.length} / ${ys.length}):\n` +
    `    ${labels[0]}${xs[i] ?? '(end)'}\n    ${labels[1]}${ys[i] ?? '(end)'}`;
}
