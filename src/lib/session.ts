import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from './storage-keys.ts';

/**
 * Client-side sessions: the public and the admin token, each in localStorage when
 * "remembered", else sessionStorage; the refresh token sits beside its access token. Logout clears both
 * storages. Components subscribe with `useSession(scope)`.
 */
export type SessionScope = 'public' | 'admin';

const KEYS: Record<SessionScope, { access: string; refresh: string }> = {
  public: { access: STORAGE_KEYS.authToken, refresh: STORAGE_KEYS.authRefreshToken },
  admin: { access: STORAGE_KEYS.adminToken, refresh: STORAGE_KEYS.adminRefreshToken },
};

export interface TokenUser {
  id: string;
  email: string;
  name?: string;
  isAdmin: boolean;
}

/** Decodes a JWT payload without verifying it (the server verifies); null when malformed. */
export function decodeToken(token: string | null | undefined): Record<string, any> | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const json = atob(parts[1].replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (ch) => ch.charCodeAt(0));
    const payload = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' ? payload : null;
  } catch {
    return null;
  }
}

/** Expired when there is no exp claim or exp is earlier than now. */
export function isTokenExpired(token: string | null | undefined, nowMs = Date.now()): boolean {
  const payload = decodeToken(token);
  return !payload || typeof payload.exp !== 'number' || payload.exp * 1000 < nowMs;
}

/** A user is derived only when both sub and email claims exist. */
export function userFromToken(token: string | null | undefined): TokenUser | null {
  const p = decodeToken(token);
  if (!p || typeof p.sub !== 'string' || typeof p.email !== 'string') return null;
  return { id: p.sub, email: p.email, name: p.user_metadata?.name, isAdmin: p.app_metadata?.role === 'admin' };
}

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
if (typeof window !== 'undefined') window.addEventListener('storage', emit);

function read(key: string): string | null {
  try {
    return localStorage.getItem(key) ?? sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export const session = {
  token: (scope: SessionScope) => read(KEYS[scope].access),
  refreshToken: (scope: SessionScope) => read(KEYS[scope].refresh),
  /** Stores tokens: persistent when `remember`, else for this browser session only. */
  set(scope: SessionScope, tokens: { token: string; refreshToken?: string | null }, remember = true) {
    this.clear(scope, false);
    const store = remember ? localStorage : sessionStorage;
    store.setItem(KEYS[scope].access, tokens.token);
    if (tokens.refreshToken) store.setItem(KEYS[scope].refresh, tokens.refreshToken);
    emit();
  },
  /** Replaces tokens where they are stored now (after a refresh). */
  replace(scope: SessionScope, tokens: { token: string; refreshToken?: string | null }) {
    const remembered = localStorage.getItem(KEYS[scope].access) !== null;
    this.set(scope, tokens, remembered);
  },
  clear(scope: SessionScope, notify = true) {
    for (const store of [localStorage, sessionStorage]) {
      store.removeItem(KEYS[scope].access);
      store.removeItem(KEYS[scope].refresh);
    }
    if (notify) emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The current token of a scope and the user it names (null when signed out or malformed). */
export function useSession(scope: SessionScope): { token: string | null; user: TokenUser | null } {
  const token = useSyncExternalStore(session.subscribe, () => session.token(scope), () => null);
  return { token, user: userFromToken(token) };
}
