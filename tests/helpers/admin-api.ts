import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import type { ApiApp } from '../../src/server/http/env.ts';
import { createUser } from './api.ts';

export interface Call {
  status: number;
  body: any;
}

/**
 * A caller of the admin API through `app.request()`: `call(method, path, { token, body, lang })`
 * sends JSON (a string body is sent as is) and returns `{ status, body }`.
 */
export function caller(app: ApiApp) {
  return async function call(
    method: string,
    path: string,
    options: { token?: string | null; body?: unknown; lang?: 'en' | 'ar'; headers?: Record<string, string> } = {},
  ): Promise<Call> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.lang) headers['Accept-Language'] = options.lang;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const res = await app.request(`/api${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed };
  };
}

/** A signed admin and a signed plain user. */
export async function adminAndUser(sql: Sql) {
  const admin = await createUser(sql, { role: 'admin' });
  const user = await createUser(sql, { role: 'user' });
  return { admin: admin.token, user: user.token };
}

/** A unique lower-case tag for names and slugs of one test's rows (the database is shared). */
export const tag = (prefix = 't') => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 10)}`;
