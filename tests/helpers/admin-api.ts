import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import type { ApiApp } from '../../src/server/http/app-deps.ts';
import { createUser } from './api.ts';

export interface Call {
  status: number;
  /** The parsed JSON body, or the text when the body is not JSON. */
  body: any;
  headers: Headers;
  /** The body as sent (to compare answers byte for byte). */
  text: string;
}

/**
 * A caller of the API through `app.request()` (every tests/api file's one way to call it):
 * `call(method, path, { token, body, lang, headers })` sends JSON (a string body is sent as is, a
 * FormData as multipart) and returns `{ status, body, headers, text }`.
 */
export function caller(app: ApiApp) {
  return async function call(
    method: string,
    path: string,
    options: { token?: string | null; body?: unknown; lang?: string; headers?: Record<string, string> } = {},
  ): Promise<Call> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.lang) headers['Accept-Language'] = options.lang;
    let body: string | FormData | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
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
    return { status: res.status, body: parsed, headers: res.headers, text };
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
